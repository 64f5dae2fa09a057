"""a01d: a01's graded notebook as the TA opens it: JupyterLab with the course's nbgrader_config.py on the a01 course
folder, Formgrader's page of mallory's (and aaron's) submission (/formgrader/submissions/<id>/), fetched with the
TA's token; counts the escaped images in it, then loads that page in Chromium and reads the images' decoded sizes
and the time to paint the first one in a 1280x800 viewport."""
import json, os, sys, time, tempfile, urllib.request
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from tests import browser
from pngbomb import png, find
import base64
from playwright.sync_api import sync_playwright
B = base64.b64encode(png(20000, 20000)).decode()
T, _ = find(B)
course = "/tmp/attack42-root-a01"
work = tempfile.mkdtemp(prefix="attack42-root-lab-", dir="/tmp")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]
with browser.jupyter_lab(course, work) as (url, token):
    h = {"Authorization": f"token {token}"}
    def get(path):
        with urllib.request.urlopen(urllib.request.Request(url + path, headers=h), timeout=600) as r:
            return r.read().decode()
    subs = json.loads(get("/formgrader/api/submitted_notebooks/ps1_memory/ps1_memory"))
    ids = {s["student"]: s["id"] for s in subs}
    print("submissions", ids)
    for s in ["aaron", "mallory"]:
        t0 = time.time()
        page = get(f"/formgrader/submissions/{ids[s]}/?index=0")
        print(s, "formgrader page", len(page), "bytes in", round(time.time() - t0, 1), "s; escaped images in it:", page.count(T[:60]))
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            pg = b.new_page(viewport={"width": 1280, "height": 800})
            pg.goto(f"{url}/formgrader/submissions/{ids[s]}/?index=0&token={token}", timeout=600000)
            sizes = pg.evaluate("() => Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight])")
            t = time.time()
            big = pg.evaluate("() => Array.from(document.images).findIndex(i => i.naturalWidth > 10000)")
            if big >= 0:
                pg.evaluate(f"() => document.images[{big}].scrollIntoView()")
            try:
                pg.screenshot(path=f"/tmp/attack42-root-img/fg-{s}.png", timeout=300000); shot = "ok"
            except Exception as e:
                shot = repr(e)[:100]
            print(s, "decoded sizes", sizes, "paint", round(time.time() - t, 1), "s", shot, flush=True)
            b.close()
