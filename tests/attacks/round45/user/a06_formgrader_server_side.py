"""a06: is a05's cost only the TA's browser, or also the TA's Jupyter server? a05's hand-in graded again; the TA's
server (as `make lab`, uid 65534) serves Formgrader's page of each student to a plain HTTP client (no browser), timed,
with the server's CPU seconds read from /proc before and after."""
import os, sys, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from a05_mixed_scripts import build
A = "ps1_memory"; PORT = 8963
d = make_course("a06")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", HOME="/tmp/attack45-user-a06-home", PATH=CLONE + "/.venv/bin:" + ENV["PATH"])
os.makedirs(env["HOME"], exist_ok=True); chown(env["HOME"])
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--no-browser", f"--port={PORT}", "--ServerApp.token=tatoken", "--notebook-dir=."], cwd=d, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
def cpu():
    f = open(f"/proc/{srv.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
time.sleep(12)
try:
    ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("""select student.id, submitted_notebook.id from submitted_notebook
       join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on submitted_assignment.student_id=student.id"""))
    for s in (AARON, MALLORY, ZOE):
        c0, t = cpu(), time.time()
        body = urllib.request.urlopen(urllib.request.Request(f"http://localhost:{PORT}/formgrader/submissions/{ids[s]}/?token=tatoken"), timeout=600).read()
        print(f"{s}: server answered {len(body):,} bytes in {time.time()-t:.1f}s, {cpu()-c0:.1f} CPU-s of the server", flush=True)
finally:
    srv.kill(); srv.wait(); shutil.rmtree(d); shutil.rmtree(env["HOME"])
