import base64, sys, time, os, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from apng import apng
from playwright.sync_api import sync_playwright
import psutil
def cpu_of(pid):
    p = psutil.Process(pid); procs = [p] + p.children(recursive=True)
    return sum(q.cpu_times().user + q.cpu_times().system for q in procs if q.is_running())
F = int(sys.argv[1]); N = int(sys.argv[2])
imgs = "".join(f'<img src="data:image/png;base64,{base64.b64encode(apng(F=F) if F > 1 else apng(F=1)).decode()}" width=400>' for _ in range(N))
open("/tmp/a42u_apng.html", "w").write("<html><body>" + imgs + "</body></html>")
with sync_playwright() as pw:
    br = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    pid = br._impl_obj._browser_type._connection if False else None
    pg = br.new_page(); t = time.time(); pg.goto("file:///tmp/a42u_apng.html"); pg.screenshot(path="/tmp/a42u_apng.png")
    print("load+first paint", round(time.time() - t, 1), "s")
    me = psutil.Process(os.getpid())
    chrome = [c for c in me.children(recursive=True) if "chrom" in c.name()]
    c0 = sum(c.cpu_times().user + c.cpu_times().system for c in chrome); t0 = time.time()
    time.sleep(20)
    chrome = [c for c in me.children(recursive=True) if "chrom" in c.name()]
    c1 = sum(c.cpu_times().user + c.cpu_times().system for c in chrome if c.is_running())
    rss = sum(c.memory_info().rss for c in chrome if c.is_running())
    print(f"F={F} N={N}: chromium CPU over {time.time()-t0:.0f}s idle on the page: {c1-c0:.1f} CPU-s; RSS {rss/2**30:.2f} GiB")
    t = time.time(); pg.screenshot(path="/tmp/a42u_apng.png", timeout=120000); print("a screenshot", round(time.time()-t, 1), "s")
    br.close()
