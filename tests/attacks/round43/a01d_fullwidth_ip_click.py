"""a01d: a01c for a TA logged in at http://127.0.0.1:<port> (the address tests/browser.py and `jupyter lab`'s second
URL use): mallory's written answer links to http://１２７．０．０．１:<port>/nbconvert/html/submitted/mallory/... (fullwidth
digits and dots); graded for real, then clicked in Formgrader's page."""
import json, os, sys, time, tempfile, urllib.request
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tests import browser
from playwright.sync_api import sync_playwright
A = "ps1_memory"; PORT = 8955; REP = 10000
fwip = "\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11"
m = nb_for(A, {"written_ddp_fit": f'DDP does not fit. <a href="http://{fwip}:{PORT}/nbconvert/html/submitted/mallory/{A}/{A}.ipynb?download=false">derivation</a>'})
m.cells.insert(len(m.cells) - 1, nbformat.v4.new_code_cell("\n " * REP))
m.metadata["language_info"] = {"name": "python", "pygments_lexer": "ipython3"}
d = course("a01d")
for s, nb in (("aaron", nb_for(A)), ("mallory", m), ("zoe", nb_for(A))):
    hand_in(d, s, A, nb)
grade(d, A); scores(d, A)
work = tempfile.mkdtemp(prefix="attack43-root-lab-", dir="/tmp")
browser.free_port = lambda: PORT
with browser.jupyter_lab(d, work) as (url, token):
    h = {"Authorization": f"token {token}"}
    with urllib.request.urlopen(urllib.request.Request(f"{url}/formgrader/api/submitted_notebooks/{A}/{A}", headers=h)) as r:
        ids = {s["student"]: s["id"] for s in json.loads(r.read())}
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=browser.CHROMIUM_ARGS)
        pg = b.new_page()
        pg.goto(f"{url}/lab?token={token}", timeout=120000)  # TA logged in at 127.0.0.1
        pg.goto(f"{url}/formgrader/submissions/{ids['mallory']}/?index=0", timeout=120000)
        a = pg.get_by_role("link", name="derivation")
        print("attribute:", a.first.get_attribute("href"), "-> browser reads:", a.first.evaluate("a => a.href"))
        t = time.time()
        with pg.expect_navigation(timeout=600000):
            a.first.evaluate("a => a.click()")
        print(f"clicked: {pg.url[:90]} in {time.time()-t:.1f}s, {len(pg.content())} chars (a converted notebook: {'jp-Notebook' in pg.content() or 'jp-Cell' in pg.content()})")
        b.close()
shutil.rmtree(work, ignore_errors=True)
