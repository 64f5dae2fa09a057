"""a12's course, then the TA's next plain `make grade` (no --regrade): what stays of the in-server autograde's copies?"""
from lib import *
d = "/tmp/attack37-root-a12"
grade(d); scores(d)
print(json.dumps([{k: o[k] for k in ("student", "status", "feedback")} for o in json.load(open(f"{d}/grading_report.json"))], indent=0)[:1200])
for where in ("autograded", "feedback"):
    f = f"{d}/{where}/mallory/{A}"
    print(where, sorted(os.listdir(f)) if os.path.isdir(f) else "absent")
