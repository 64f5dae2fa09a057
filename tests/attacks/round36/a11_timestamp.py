"""A hand-in carrying nbgrader's own `timestamp.txt` (written by `nbgrader collect`; a hand-in copied in keeps the
student's): nbgrader takes it as the submission time (late penalties, grades.csv's timestamp)."""
from lib import *
d = course("a11")
put(d, "aaron", honest())
p = put(d, "mallory", honest()); open(f"{p}/timestamp.txt", "w").write("1999-01-01 00:00:00.000000 UTC")
p2 = put(d, "nancy", honest()); open(f"{p2}/timestamp.txt", "w").write("x" * 5000)
put(d, "zoe", honest())
grade(d); scores(d)
for r in json.load(open(f"{d}/grading_report.json")): print(r["student"], r["status"], r["reason"][:200])
print(open(f"{d}/grades.csv").read())
