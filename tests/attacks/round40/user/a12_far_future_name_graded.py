"""a12: a02 without the overflow: mallory's folder named `9999-12-31 23:50:00.000000 UTC` (5 min short of overflow) is
collected with that time (the change is not after it); make grade takes timestamp.txt (64 characters of a date's) and
nbgrader records 9999 in the gradebook. Does anything of the class (autograde, feedback, grades.csv, the tables) fail
on it? Controls aaron40u, zoe40u (honest, named now)."""
import os, sys, datetime, csv
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
add_accounts()
try:
    d = make_course("a12"); X, inbound = make_exchange("a12"); os.chmod(inbound, 0o2733)
    tmp = "/tmp/attack40-user-a12.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    ts = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    for uid, s, t in ((2401, "aaron40u", ts), (2402, "mallory40u", "9999-12-31 23:50:00.000000 UTC"), (2403, "zoe40u", ts)):
        as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{t}+Q'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
    os.unlink(tmp)
    chown(d); r = collect(d, X, A)
    for s in sorted(os.listdir(f"{d}/submitted")):
        print("collected", s, open(f"{d}/submitted/{s}/{A}/timestamp.txt").read())
    grade(d, A); scores(d); report(d)
    con = sqlite3.connect(f"{d}/gradebook.db")
    print("gradebook timestamps:", con.execute("select student_id, timestamp from submitted_assignment").fetchall())
    if os.path.exists(f"{d}/grades.csv"):
        print(open(f"{d}/grades.csv").read()[:800])
    print("feedback pages:", sorted(os.listdir(f"{d}/feedback")) if os.path.isdir(f"{d}/feedback") else None)
finally:
    del_accounts()
