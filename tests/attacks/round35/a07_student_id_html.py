"""A student id (folder name) holding HTML: does the grader take it, and does it reach Formgrader's page unescaped?
(Whether a student picks the folder name depends on how the TA collects hand-ins; this only measures the path.)"""
from common import *
EVIL = "x<img src=x onerror=alert(document.domain)>"
d = course("a07")
hand_in(d, "aaron", honest()); hand_in(d, EVIL, honest()); hand_in(d, "zoe", honest())
r = grade(d)
print("\n".join(l for l in r.stdout.splitlines() if "ps1_memory " in l and "/" in l and "|" not in l))
print([(x["student"], x["status"], x["reason"][:200]) for x in json.load(open(f"{d}/grading_report.json"))])
if os.path.exists(f"{d}/autograded/{EVIL}"):
    h = formgrade_html(d, EVIL)
    print("raw <img onerror> in Formgrader's nav:", "<img src=x onerror=alert(document.domain)>" in h)
print("canaries:", grep_canaries(d))
