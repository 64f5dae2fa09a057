"""Headers of Formgrader's grading page (a27's course): is a Referrer-Policy sent (the id leaked through the referrer)?"""
from lib import *
import urllib.request, secrets, socket, sqlite3
d = "/tmp/attack37-user-a27"
nid = sqlite3.connect(f"{d}/gradebook.db").execute("select n.id from submitted_notebook n join submitted_assignment a on n.assignment_id=a.id where a.student_id='mallory'").fetchone()[0]
tok = secrets.token_hex(8); port = 18945
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab", "--notebook-dir=.",
                        f"--IdentityProvider.token={tok}", f"--port={port}", "--no-browser"],
                       env=dict(ENV, PYTHONSAFEPATH="1", HOME="/tmp", DISTCOURSE_JUDGE="kernel", PYTHONPATH=CLONE), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=d)
try:
    for _ in range(60):
        try: socket.create_connection(("127.0.0.1", port), 1).close(); break
        except OSError: time.sleep(0.5)
    time.sleep(2)
    r = urllib.request.urlopen(f"http://127.0.0.1:{port}/formgrader/submissions/{nid}/?token={tok}")
    print("grading page", r.status, {k: v for k, v in r.headers.items() if k.lower() in ("referrer-policy", "content-security-policy", "x-content-type-options")})
finally:
    srv.terminate(); srv.wait(10)
