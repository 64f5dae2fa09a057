"""a04: hand-in trees that the grader's own side (running before any sandbox, outside it) must walk, check and copy.
Does any of them stop the whole grading run (nobody after it graded, no grades.csv), or escape the checks?
  mallory_mode:  a folder of mode 000 and a notebook-side file of mode 000 in the hand-in (the student's files
                 keep their modes; the grader is the same uid as the hand-in here, as an ordinary user),
  mallory_deep:  folders nested 40 deep with names of 250 characters (path ~10,000 bytes > PATH_MAX): it stopped the
                 whole run in the first try; a05 is that finding on its own, so the default here leaves it out,
  mallory_utf8:  a file whose name is not valid UTF-8 (b'\\xff\\xfe...'), no control character in it,
  mallory_dirnb: the assignment notebook is a *folder* named ps1_memory.ipynb, holding the real notebook.
The honest ps1 (the control) is graded last. Report statuses, reasons, grades.csv and the honest score."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u15, nbformat
rel = u15.notebook("ps1_memory")
def mode(d):
    nbformat.write(rel, os.path.join(d, "ps1_memory.ipynb"))
    os.makedirs(os.path.join(d, "closed", "inner"))
    open(os.path.join(d, "closed", "inner", "f.txt"), "w").write("x")
    open(os.path.join(d, "secret.txt"), "w").write("x")
def deep(d):
    nbformat.write(rel, os.path.join(d, "ps1_memory.ipynb"))
    fd = os.open(d, os.O_RDONLY)
    for i in range(40):
        n = ("d%02d" % i) + "a" * 247
        os.mkdir(n, dir_fd=fd)
        nfd = os.open(n, os.O_RDONLY, dir_fd=fd); os.close(fd); fd = nfd
    os.close(os.open("leaf.txt", os.O_CREAT | os.O_WRONLY, dir_fd=fd)); os.close(fd)
def utf8(d):
    nbformat.write(rel, os.path.join(d, "ps1_memory.ipynb"))
    open(os.path.join(os.fsencode(d), b"\xff\xfe notes \xc3.txt"), "w").write("x")
def dirnb(d):
    os.makedirs(os.path.join(d, "ps1_memory.ipynb"))
    nbformat.write(rel, os.path.join(d, "ps1_memory.ipynb", "ps1_memory.ipynb"))
ALL = {"mallory_mode": mode, "mallory_deep": deep, "mallory_utf8": utf8, "mallory_dirnb": dirnb}
pick = sys.argv[1].split(",") if len(sys.argv) > 1 else ["mallory_mode", "mallory_utf8", "mallory_dirnb"]
students = {(s, "ps1_memory"): ALL[s] for s in pick}
students[("zz_honest", "ps1_memory")] = u15.honest("ps1_memory")
print("hostile students in this run:", pick)
dest = u15.course("a04", students)
sub = f"{dest}/submitted/mallory_mode/ps1_memory"
if "mallory_mode" in pick:
    os.chmod(os.path.join(sub, "closed"), 0); os.chmod(os.path.join(sub, "secret.txt"), 0)
p = u15.grade(dest)
import re
print("STDERR HEAD (long runs of a letter shortened):", re.sub(r"a{20,}", lambda m: "a{%d}" % len(m.group()), p.stderr)[:6000])
u15.scores(dest)
rp = f"{dest}/grading_report.json"
if os.path.exists(rp):
    for o in json.load(open(rp)):
        print("REPORT", json.dumps(o)[:700])
else:
    print("no grading_report.json")
print("grades.csv exists:", os.path.exists(f"{dest}/grades.csv"))
if "mallory_mode" in pick:
    os.chmod(os.path.join(sub, "closed"), 0o755)
u15.cleanup(dest)
