"""a01: as an ordinary user grading is serial, but the class steps are not: an assignment's feedback pages
(one nbgrader generate_feedback child each, FEEDBACK_TIMEOUT = 120 s wall clock) start as soon as its last
submission is graded, WHILE the next assignment's submissions are graded. Without cgroups there is no CPU share,
so a hostile ps2 hand-in (graded after every ps1 one) that keeps N busy processes during its own grading
slows every ps1 student's feedback page; with enough of them (within its 256-process cap) the pages pass
120 s and are "failed: stopped after 120 s": the whole ps1 class loses its feedback.
Usage: a01_... N SECONDS  (N spinners for SECONDS; N=0 is the control). Page time is measured from the
.graded marker of the last ps1 submission to the mtime of its feedback page."""
import glob, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u12

N = int(sys.argv[1]) if len(sys.argv) > 1 else 0
SECS = int(sys.argv[2]) if len(sys.argv) > 2 else 150
SPIN = f"""
import os, time
def _spinners(n, secs):
    end = time.time() + secs
    for _ in range(n):
        if os.fork() == 0:
            os.setsid()
            x = 0
            while time.time() < end:
                x += 1
            os._exit(0)
_spinners({N}, {SECS})
"""
hostile = u12.notebook("ps2_ddp", append={"average_gradients": SPIN})
dest = u12.course(f"a01-n{N}", {("alice", "ps1_memory"): u12.honest("ps1_memory"),
                                 ("mallory", "ps2_ddp"): hostile})
p = u12.grade(dest)
u12.report(dest)
u12.scores(dest)
graded = max(os.path.getmtime(f) for f in glob.glob(f"{dest}/autograded/alice/ps1_memory/*"))
pages = glob.glob(f"{dest}/feedback/alice/ps1_memory/*.html")
print("ps1 feedback page:", pages, f"written {os.path.getmtime(pages[0]) - graded:.1f} s after ps1 graded" if pages else "NOT written")
