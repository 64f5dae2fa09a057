"""a01c: the click a01b's locator missed: in Formgrader's page of mallory's submission (course from a01b, run it
first), the TA clicks the written answer's 'derivation' link, spelled http://local<TAB>host:<port>/nbconvert/html/... .
The TA's server converts the raw hand-in with IPython's lexer; we time the click and poll /api/status meanwhile; then
the same for aaron's notebook (the cheap control)."""
import json, os, sys, time, tempfile, threading, urllib.request, re
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tests import browser
from playwright.sync_api import sync_playwright
A = "ps1_memory"; PORT = 8953; d = "/tmp/attack43-root-a01b"
work = tempfile.mkdtemp(prefix="attack43-root-lab-", dir="/tmp")
browser.free_port = lambda: PORT
with browser.jupyter_lab(d, work) as (url, token):
    url = url.replace("127.0.0.1", "localhost")
    h = {"Authorization": f"token {token}"}
    def get(path, timeout=600):
        with urllib.request.urlopen(urllib.request.Request(url + path, headers=h), timeout=timeout) as r:
            return r.read().decode()
    ids = {s["student"]: s["id"] for s in json.loads(get(f"/formgrader/api/submitted_notebooks/{A}/{A}"))}
    lat = []; stop = [False]
    def poll():
        while not stop[0]:
            t = time.time()
            try: get("/api/status", 600); lat.append(time.time() - t)
            except Exception as e: lat.append(999)
            time.sleep(0.5)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=browser.CHROMIUM_ARGS)
        pg = b.new_page(viewport={"width": 1280, "height": 800})
        pg.goto(f"{url}/lab?token={token}", timeout=120000)
        pg.goto(f"{url}/formgrader/submissions/{ids['mallory']}/?index=0", timeout=120000)
        a = pg.get_by_role("link", name="derivation")
        print("links named derivation:", a.count(), "href as the browser reads it:", a.first.evaluate("a => a.href"),
              "attribute:", repr(a.first.get_attribute("href")))
        th = threading.Thread(target=poll); th.start()
        t = time.time()
        try:
            with pg.expect_navigation(timeout=600000):
                a.first.evaluate("a => a.click()")  # the TA's click (the element sits in a cell Playwright calls hidden)
            print(f"mallory's conversion: {pg.url[:100]} in {time.time()-t:.1f}s, {len(pg.content())} chars")
        except Exception as e:
            print(f"click: {type(e).__name__} {str(e)[:200]} after {time.time()-t:.1f}s")
        stop[0] = True; th.join()
        print(f"/api/status meanwhile: {len(lat)} polls, slowest {max(lat):.1f}s")
        t = time.time()
        pg.goto(f"{url}/nbconvert/html/submitted/aaron/{A}/{A}.ipynb?download=false", timeout=600000)
        print(f"aaron's conversion (control): {time.time()-t:.1f}s")
        b.close()
shutil.rmtree(work, ignore_errors=True)
