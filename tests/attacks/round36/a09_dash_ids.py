"""Student ids may hold '-' (letters, digits and ._@+-): folders named like options. The grader passes
`--student <id>` to nbgrader; an id such as `--help` or `-h` may be read as an option."""
from lib import *
d = course("a09")
put(d, "aaron", honest())
for sid in ("--help", "-h", "--force", "+1", "@x"):
    put(d, sid, honest())
put(d, "zoe", honest())
grade(d); scores(d)
for r in json.load(open(f"{d}/grading_report.json")): print(r["student"], r["status"], r["reason"][:300])
print(open(f"{d}/grades.csv").read()[:800] if os.path.exists(f"{d}/grades.csv") else "no grades.csv")
