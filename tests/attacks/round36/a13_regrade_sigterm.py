"""Break 2 over an earlier result: mallory graded once (honest, .graded written), then re-hands-in a notebook with
<img onerror> that keeps itself in flight; the TA runs --regrade and the grader gets SIGTERM meanwhile."""
from lib import *
import signal, nbformat
d = course("a13")
put(d, "aaron", honest()); put(d, "mallory", honest()); put(d, "zoe", honest())
grade(d); scores(d)
nb = honest()
for c in nb.cells:
    gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
    if gid == "quiz_q1": c.source += "\nimport time; time.sleep(100)"
    if gid == "written_ddp_fit": c.source = '<img src=x onerror="alert(document.cookie)">'
put(d, "mallory", nb)
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
p = subprocess.Popen([PY, "-m", "grader.grade", "--course-dir", d, "--workers", "1", "--regrade", A], cwd=CLONE, env=env,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
nbp = f"{d}/autograded/mallory/{A}/{A}.ipynb"
t = time.time()
while time.time() - t < 120:
    time.sleep(0.5)
    if os.path.exists(nbp) and not os.path.exists(f"{d}/autograded/mallory/{A}/.graded"): break
time.sleep(8); p.send_signal(signal.SIGTERM); p.wait(60)
print("rc", p.returncode, "; autograded/mallory:", sorted(os.listdir(f"{d}/autograded/mallory/{A}")))
g = nbformat.read(nbp, 4)
print("written_ddp_fit:", [c.source[:120] for c in g.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "written_ddp_fit"])
scores(d)
