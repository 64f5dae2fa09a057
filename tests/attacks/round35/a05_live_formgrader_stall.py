"""a04 live: JupyterLab + Formgrader (the clone's tests/browser.jupyter_lab, as `make lab`) serving a04's course.
The TA opens mallory's submission page; 2 s later the TA (another tab) opens aaron's page and JupyterLab's
/api/status. Formgrader renders in the server's one event-loop thread: how long do the others wait?"""
import sqlite3, sys, tempfile, threading, urllib.request
from common import *
from tests import browser
COURSE = sys.argv[1] if len(sys.argv) > 1 else "/tmp/attack35-root-a04"
def notebook_id(student):
    db = sqlite3.connect(f"{COURSE}/gradebook.db")
    return db.execute("""select n.id from submitted_notebook n join submitted_assignment s on n.assignment_id=s.id
        where s.student_id=?""", (student,)).fetchone()[0]
def get(url, what, out):
    t = time.time()
    try:
        with urllib.request.urlopen(url, timeout=1200) as r:
            n = len(r.read()); out[what] = (r.status, n, time.time() - t)
    except Exception as e:
        out[what] = (repr(e)[:120], 0, time.time() - t)
    print(f"  {what}: {out[what][0]}, {out[what][1]/1e6:.1f} MB after {out[what][2]:.1f} s", flush=True)
work = tempfile.mkdtemp(prefix="attack35-root-a05-")
with browser.jupyter_lab(COURSE, work) as (url, token):
    out = {}
    get(f"{url}/formgrader/submissions/{notebook_id('aaron')}/?token={token}", "aaron's page alone (warm-up)", out)
    threads = [threading.Thread(target=get, args=(f"{url}/formgrader/submissions/{notebook_id('mallory')}/?token={token}", "mallory's page", out))]
    threads[0].start(); time.sleep(2)
    for what, u in (("aaron's page, opened 2 s after mallory's", f"{url}/formgrader/submissions/{notebook_id('aaron')}/?token={token}"),
                    ("JupyterLab /api/status", f"{url}/api/status?token={token}")):
        th = threading.Thread(target=get, args=(u, what, out)); th.start(); threads.append(th)
    for th in threads: th.join()
shutil.rmtree(work, ignore_errors=True)
