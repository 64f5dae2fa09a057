"""a10: a07's images on the page that matters, the TA's: Formgrader (in the TA's Jupyter server as `make lab` starts
it, uid 65534) showing mallory's graded notebook (/formgrader/submissions/<id>/), against aaron's, in chromium
(playwright). Uses the course a07 graded (8 distinct 23000x23000 1-bit PNGs in an extra cell of mallory's).
While the page paints, a timer in the page counts how late its 100 ms ticks come (main-thread stall)."""
import os, sys, sqlite3, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
d = "/tmp/attack40-user-a07"; PORT = 18462
assert os.path.isdir(d + "/autograded/mallory40u"), "run a07 first"
cfg = "/tmp/attack40-user-a10-jcfg"; os.makedirs(cfg, exist_ok=True)
open(f"{cfg}/nbgrader_config.py", "w").write("c = get_config()\n")
home = "/tmp/attack40-user-a10-home"; os.makedirs(home, exist_ok=True)
for p in (d, cfg, home): chown(p)
ids = dict((s, i) for i, s in sqlite3.connect(d + "/gradebook.db").execute(
    "select sn.id, st.id from submitted_notebook sn join submitted_assignment sa on sn.assignment_id=sa.id join student st on sa.student_id=st.id"))
env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=home, JUPYTER_CONFIG_DIR=cfg)
lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                        "--notebook-dir=.", "--no-browser", f"--port={PORT}", "--ServerApp.token=tok40"],
                       cwd=d, env=env, stdout=open("/tmp/attack40-user-a10-lab.log", "w"), stderr=subprocess.STDOUT)
try:
    for _ in range(90):
        try: urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/status?token=tok40", timeout=2); break
        except Exception: time.sleep(1)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        for s in ("aaron40u", "mallory40u"):
            b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            pg = b.new_page(viewport={"width": 1280, "height": 900})
            url = f"http://127.0.0.1:{PORT}/formgrader/submissions/{ids[s]}/?token=tok40"
            t = time.time()
            pg.goto(url, timeout=300000, wait_until="load")
            print(f"{s}: Formgrader page loaded in {time.time()-t:.1f}s, {pg.evaluate('document.images.length')} images, "
                  f"{pg.evaluate('document.documentElement.outerHTML.length'):,} characters")
            pg.evaluate("window.__late = 0; window.__last = performance.now(); setInterval(() => { const n = performance.now(); window.__late = Math.max(window.__late, n - window.__last - 100); window.__last = n; }, 100)")
            t3 = time.time()
            n = pg.evaluate("document.images.length")
            for k in range(n):
                pg.evaluate(f"document.images[{k}].scrollIntoView()")
                tk = time.time(); pg.screenshot(path=f"/tmp/attack40-user-a10-{s}.png", timeout=300000)
                print(f"  image {k} painted in {time.time()-tk:.1f}s")
            print(f"  all painted in {time.time()-t3:.1f}s; longest main-thread stall seen by the page's timer: {pg.evaluate('window.__late'):.0f} ms")
            out = subprocess.run("ps -eo rss,args | grep -i 'chromium.*renderer' | grep -v grep | awk '{s+=$1} END {print s}'", shell=True, capture_output=True, text=True).stdout.strip()
            print(f"  renderer RSS total {out} kB")
            b.close()
finally:
    lab.terminate(); lab.wait(20)
    for p in (cfg, home): shutil.rmtree(p, ignore_errors=True)
    for f in ("/tmp/attack40-user-a10-lab.log", "/tmp/attack40-user-a10-aaron40u.png", "/tmp/attack40-user-a10-mallory40u.png"):
        if os.path.exists(f): os.unlink(f)
