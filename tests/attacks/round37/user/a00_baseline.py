from lib import *
d = make_course("base")
A = "ps1_memory"
for s in ("aaron", "zoe"):
    hand_in(d, s, A, honest(A))
grade(d, A)
scores(d); report(d)
os.system(f"ls -la {d} {d}/autograded/*/* {d}/feedback/*/* {d}/grading_logs 2>&1 | head -40")
