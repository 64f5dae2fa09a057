"""Round 36's staging under --workers 2 (make grade's default here) and --regrade: first an honest finished grading of
everyone, then mallory (stuck past the submission time limit) and nancy (kernel killed mid-notebook) hand in hostile
notebooks with an <img onerror> written answer and are regraded beside honest aaron and zoe. Checks: autograded/ keeps
each earlier finished grading whole, nothing live anywhere, .autograding/ empty, gradebook scores vs graded notebook."""
from lib import *
d = course("a02")
src = nbformat.read(f"{CLONE}/source/{A}/{A}.ipynb", 4)
written = [c.metadata.nbgrader["grade_id"] for c in src.cells if c.cell_type == "markdown"
           and c.get("metadata", {}).get("nbgrader", {}).get("solution")]
print("written answer cells:", written)
for s in ("aaron", "mallory", "nancy", "zoe"): put(d, s, honest())
grade(d, extra=("--workers", "2")); before = scores(d)
XSS = '<img src=x onerror="fetch(\'/formgrader/api/grade/1\')">'
def hostile(stuck):
    nb = honest()
    for c in nb.cells:
        gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if gid in written: c.source = XSS + "\n\n" + c.source
        if gid == "quiz_q1":
            c.source += ("\nimport time\ntime.sleep(1000)\n" if stuck else "\nimport os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n")
    return nb
put(d, "mallory", hostile(True)); put(d, "nancy", hostile(False))
# --workers given twice: argparse keeps the last
grade(d, extra=("--workers", "2", "--regrade", "--submission-timeout", "60")); after = scores(d)
print(open(f"{d}/grading_report.json").read()[:3000])
for root, dirs, files in os.walk(d):
    if "/submitted" in root or "/source" in root or "/release" in root: continue
    for f in files:
        p = os.path.join(root, f)
        try: data = open(p, "rb").read()
        except Exception: continue
        if b"onerror" in data: print("onerror in", p, data.count(b"onerror="), data.count(b"&lt;img"))
print("staging left:", [os.path.join(r, f) for r, _, fs in os.walk(f"{d}/.autograding") for f in fs], os.path.exists(f"{d}/.autograding"))
for s in ("mallory", "nancy"):
    p = f"{d}/autograded/{s}/{A}"
    print(s, os.listdir(p) if os.path.isdir(p) else "absent", open(f"{p}/.graded").read() if os.path.exists(f"{p}/.graded") else "")
print("before", before, "after", after)
