"""a01c: the same pages, as a TA sees them: a 1280x800 viewport, scrolled to each image in turn, a viewport
screenshot each time (what painting costs), compared with aaron's page."""
import time, subprocess
from playwright.sync_api import sync_playwright
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]
d = "/tmp/attack42-root-a01"
for s in ["aaron", "mallory"]:
    path = f"{d}/feedback/{s}/ps1_memory/ps1_memory.html"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        pg = b.new_page(viewport={"width": 1280, "height": 800})
        t0 = time.time()
        pg.goto("file://" + path, timeout=600000)
        pg.screenshot(path=f"/tmp/attack42-root-img/{s}-top.png", timeout=600000)
        times = [round(time.time() - t0, 1)]
        n = pg.evaluate("() => document.images.length")
        for i in range(n):
            t = time.time()
            pg.evaluate(f"() => document.images[{i}].scrollIntoView()")
            try:
                pg.screenshot(path=f"/tmp/attack42-root-img/{s}-{i}.png", timeout=300000)
            except Exception as e:
                times.append("fail:" + repr(e)[:80]); continue
            times.append(round(time.time() - t, 1))
        peak = subprocess.run("ps -C chromium -o rss= | awk '{s+=$1} END {print s/1024}'", shell=True, capture_output=True, text=True).stdout.strip()
        b.close()
    print(s, "first paint + per-image viewport paint seconds:", times, "chromium RSS at end MiB", peak, flush=True)
