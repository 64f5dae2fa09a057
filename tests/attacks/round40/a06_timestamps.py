"""a06: timestamp.txt beside an honest notebook (make grade takes it: 64 chars of [0-9A-Za-z :.+-]): odd times that
dateutil parses into values later steps choke on (year 1 / 9999, offsets, naive vs aware). Does one student's time
stop nbgrader, the gradebook, grades.csv, the class report or the plot for the others? Controls: aaron, zoe."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
TIMES = {"m1": "9999-12-31 23:59:59.999999 UTC", "m2": "0001-01-01 00:00:00", "m3": "2026-11-29 13:00:00 +2359",
         "m4": "2026-11-29 13:00:00 -2359", "m5": "1 1 1 1 1 1 1", "m6": "2026-11-29 13:00:00 PST",
         "m7": "9999-12-31 23:59:59 -12", "m8": "Z"}
root = make_course("a06")
hand_in(root, "aaron", honest())
for s, t in TIMES.items():
    d = hand_in(root, "mallory" + s, honest())
    open(f"{d}/timestamp.txt", "w").write(t)
hand_in(root, "zoe", honest())
p = grade(root)
summary(root)
import sqlite3
con = sqlite3.connect(f"{root}/gradebook.db")
print(con.execute("select st.id, sa.timestamp from submitted_assignment sa join student st on sa.student_id=st.id").fetchall())
print("grades.csv:", os.path.exists(f"{root}/grades.csv"), open(f"{root}/grades.csv").read()[:1500] if os.path.exists(f"{root}/grades.csv") else "")
print("png:", os.path.exists(f"{root}/grades_by_exercise.png"))
