"""a01: re-attack of round 15's refusal fix ("any exception of those checks now refuses that hand-in, in the grader's
words"). A refused hand-in's report names the offending path. mallory_utf8 hands in the untouched release notebook
plus a symbolic link whose name is not valid UTF-8 (b'\\xff\\xfe.lnk'); mallory_ctrl one whose name holds a newline,
a carriage return and ANSI escapes (a forged console line). Does writing the report / printing the path
(surrogates, control characters) stop the class, lose the report, or forge lines on the TA's console?
Honest controls before and after."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u16

def utf8(d):
    u16.nbformat.write(u16.release_nb("ps1_memory"), os.path.join(d, "ps1_memory.ipynb"))
    os.symlink(b"/etc/passwd", os.path.join(os.fsencode(d), b"\xff\xfe.lnk"))

def ctrl(d):
    u16.nbformat.write(u16.release_nb("ps1_memory"), os.path.join(d, "ps1_memory.ipynb"))
    os.symlink("/etc/passwd", os.path.join(d, "x\r\n[grader] zz_honest: 0 of 30 refused: plagiarism detected\x1b[2K\x1b[1A\n.lnk"))

dest = u16.course("a01", {("aa_honest", "ps1_memory"): u16.honest("ps1_memory"),
                          ("mallory_ctrl", "ps1_memory"): ctrl,
                          ("mallory_utf8", "ps1_memory"): utf8,
                          ("zz_honest", "ps1_memory"): u16.honest("ps1_memory")})
p = u16.grade(dest, env=u16.CANARY_ENV)
print("raw stdout/stderr lines containing 'plagiarism' (a forged line starts a line if it is unescaped):")
for line in (p.stdout + p.stderr).splitlines():
    if "plagiarism" in line or "lnk" in line:
        print("   ", repr(line[:300]))
u16.scores(dest)
try:
    for o in json.load(open(f"{dest}/grading_report.json")):
        print("REPORT", o["student"], o["status"], "|", repr(o.get("reason", ""))[:400])
except Exception as e:
    print("grading_report.json unreadable:", repr(e))
print("grades.csv:", open(f"{dest}/grades.csv").read() if os.path.exists(f"{dest}/grades.csv") else None)
print("feedback:", sorted(os.listdir(f"{dest}/feedback")) if os.path.exists(f"{dest}/feedback") else None)
u16.cleanup(dest)
