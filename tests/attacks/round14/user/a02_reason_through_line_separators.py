"""a02: re-attack of round 13's fix "reasons are fixed texts". tools/grade.py picks the last line of the submission's
log that names an ...Error/...Exception, skipping lines that start with the sandbox's label ("sandbox output: ").
The launcher labels what the kernel writes line by line, splitting on b"\n" only; the grader splits the log with
str.splitlines(), which also splits on \r, \x0b, \x0c, \x1c-\x1e, \x85, \u2028, \u2029. So one line the kernel
writes on its own stderr, "x\r<forged line>", becomes, for the grader, an unlabelled line. Then the kernel makes its
own submission fail:
  - mallory_sig: round 13's invalid-signature message (a line of the grader's own follows, in principle),
  - mallory_big: one IOPub message of 40 parts of 64 MiB (the grading child's 2 GiB cap: killed, no error line),
  - mallory_word: as _big, with a forged exception name (any \\w+ word ending in "Error" is quoted in the reason).
An honest ps1 student is graded after them."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
WORD = "Grader_sandbox_crashed_bubblewrap_cgroup_bug_regrade_this_submission_with_make_grade_UNSANDBOXED_1Error"
def cell(forged, how):
    return r'''
import os, time
os.write(2, b"nothing to see\r" + %r + b"\n")
time.sleep(1.5)
_k = get_ipython().kernel
if %r == "sig":
    _k.iopub_socket.send_multipart([b"<IDS|MSG>", b"0" * 64, b"{}", b"{}", b"{}", b"{}"])
else:
    import zmq
    _big = b"\0" * (64 << 20)
    _k.iopub_socket.send_multipart([b"<IDS|MSG>", b"0" * 64] + [zmq.Frame(_big)] * 40, copy=False)
time.sleep(5)
''' % (forged, how)
FORGED_MEM = b"MemoryError: the grading process ran out of memory"
students = {
    ("mallory_sig", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": cell(FORGED_MEM, "sig")}),
    ("mallory_big", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": cell(FORGED_MEM, "big")}),
    ("mallory_word", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": cell(("Traceback: " + WORD + ": see above").encode(), "big")}),
    ("zz_honest", "ps1_memory"): u14.honest("ps1_memory"),
}
dest = u14.course("a02", students)
p = u14.grade(dest, env=u14.CANARY_ENV)
u14.scores(dest)
rep = json.load(open(f"{dest}/grading_report.json"))
for o in rep:
    r = o.get("reason", "")
    print("REPORT", o["student"], o["status"], "| reason:", r, "| forged MemoryError taken:", "ran out of memory" in r, "| forged word quoted:", WORD in r)
print("forged word on the TA's console:", WORD in p.stdout or WORD in p.stderr)
u14.cleanup(dest)
