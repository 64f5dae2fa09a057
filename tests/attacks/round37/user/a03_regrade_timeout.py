"""Round 36's staging under --regrade: mallory is graded honestly (24/24), then her hand-in is replaced by one whose
first answer cell swallows interrupts and spins, and the class is regraded with a short --submission-timeout.
What do grades.csv, the gradebook and autograded/ say afterwards (the old notebook with new scores, or old scores
for a hand-in that was never graded)?"""
from lib import *
A = "ps1_memory"
d = make_course("a03")
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv; md5sum {d}/autograded/mallory/{A}/{A}.ipynb")
src = source_nb(A)
from tools.submissions import solution_text
q1 = "import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\nwhile True:\n    pass\n"
hand_in(d, "mallory", A, fill(release_nb(A), src, {"quiz_q1": q1}))
grade(d, A, "--regrade", "--submission-timeout", "40")
os.system(f"cat {d}/grades.csv; md5sum {d}/autograded/mallory/{A}/{A}.ipynb; ls -la {d}/autograded/mallory/{A} {d}/.autograding; cat {d}/grading_report.json | head -40")
scores_sql = "select s.id, g.name, g.auto_score, g.manual_score from grade g join submitted_notebook n on g.notebook_id=n.id join submitted_assignment a on n.assignment_id=a.id join student s on a.student_id=s.id where s.id='mallory'"
import sqlite3
for r in sqlite3.connect(f"{d}/gradebook.db").execute(scores_sql): print("GB", r)
