"""a03: the TA's terminal summary of `grader.grade` ("submissions that could not be graded in full:") prints each
reason escaped (printable) but NOT folded (round 30's fold is for kept logs only). A refused hand-in's reason quotes
a symbolic link's name and its target (`_describe`: "... is a symbolic link (to %r)"), both the student's: a target
of printable text padded to 80-column boundaries puts rows of the student's choosing at the start of terminal rows,
here a fake line saying the honest student zoe failed, and a fake count."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
d = make_course("a03", A, {"mallory": {}})
prefix = f"  {A}/mallory: refused: submitted/mallory/{A}/notes is a symbolic link (to '"
fake_rows = ["  ps1_memory/zoe: failed: the kernel died while a cell ran (it may have exhausted its memory)",
             "", "2 submission(s) graded in 61.4 s (0 already graded, skipped; --regrade to redo)"]
target = " " * ((-len(prefix)) % 80)
for r in fake_rows:
    target += r + " " * ((-len(r)) % 80 or (80 if not r else 0))
target += "x"
link = f"{d}/submitted/mallory/{A}/notes"
os.symlink(target, link); os.lchown(link, 65534, 65534)
r, el = grade(d, A)
scores(d, A)
print("=== the summary as an 80-column terminal draws it ===")
out = r.stdout[r.stdout.find("submissions that could not"):]
for line in out.splitlines()[:4]:
    while len(line) > 80:
        print("|" + line[:80]); line = line[80:]
    print("|" + line)
