"""What the sandbox's own processes (bwrap's init, the launcher, the template-forked kernel) say about the host in
/proc/<pid>/cmdline: paths of the course, other students, the TA's home, secrets?"""
from lib import *
A = "ps1_memory"
PROBE = r'''
import os
for p in sorted(os.listdir("/proc")):
    if p.isdigit():
        try: print("CMDLINE", p, open(f"/proc/{p}/cmdline","rb").read().replace(b"\0", b" ").decode(errors="replace")[:3000])
        except OSError as e: print("CMDLINE", p, e)
'''
src = source_nb(A)
from tools.submissions import solution_text
q1 = [solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1"][0]
d = make_course("a14")
hand_in(d, "aaron", A, honest(A))
hand_in(d, "mallory", A, fill(release_nb(A), src, {"quiz_q1": q1 + PROBE}))
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.outputs: print(o.get("text") or o)
