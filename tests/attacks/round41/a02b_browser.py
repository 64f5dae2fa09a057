"""a02b: open a feedback page in Debian's chromium (headless, Playwright) and measure wall time to paint and the
browser's peak memory (sum of RSS of its processes, sampled)."""
import sys, time, threading, subprocess, os
from playwright.sync_api import sync_playwright
page_path = sys.argv[1]
peak = [0]; stop = [False]
def rss_of_tree(root):
    tot = 0
    out = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,rss=,comm="], capture_output=True, text=True).stdout
    kids = {}; rss = {}
    for l in out.splitlines():
        p, pp, r, *c = l.split(); kids.setdefault(int(pp), []).append(int(p)); rss[int(p)] = int(r)
    todo = [root]; seen = set()
    while todo:
        p = todo.pop(); 
        if p in seen: continue
        seen.add(p); tot += rss.get(p, 0); todo += kids.get(p, [])
    return tot * 1024
with sync_playwright() as pw:
    b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu",
        "--disable-dev-shm-usage"])
    me = os.getpid()
    def sample():
        while not stop[0]:
            peak[0] = max(peak[0], rss_of_tree(me)); time.sleep(0.2)
    th = threading.Thread(target=sample); th.start()
    pg = b.new_page(viewport={"width": 1280, "height": 800})
    t = time.time()
    pg.goto("file://" + page_path, wait_until="load", timeout=600000)
    # scroll every image into view so it is decoded and painted
    n = pg.evaluate("""async () => { const imgs=[...document.images]; for (const i of imgs) { i.scrollIntoView(); await i.decode().catch(e=>0); await new Promise(r=>requestAnimationFrame(()=>r())); } return imgs.map(i=>[i.naturalWidth,i.naturalHeight]); }""")
    pg.screenshot(path="/tmp/a02shot.png", timeout=600000)
    dt = time.time() - t
    stop[0] = True; th.join()
    print(f"{page_path}: images {n} load+decode+paint {dt:.1f}s, browser peak RSS {peak[0]/2**30:.2f} GiB")
    b.close()
