"""a01b: open a01's feedback pages (mallory's and aaron's) in Debian's chromium (headless), read each image's
decoded size and time a full-page screenshot (what painting the page costs the TA's browser)."""
import sys, time, resource, subprocess
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
        sizes = pg.evaluate("() => Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight])")
        t1 = time.time()
        try:
            pg.screenshot(path=f"/tmp/attack42-root-img/{s}.png", full_page=True, timeout=600000)
            shot = "ok"
        except Exception as e:
            shot = repr(e)[:200]
        t2 = time.time()
        # browser processes' memory
        rss = subprocess.run("ps -C chromium -o rss= | awk '{s+=$1} END {print s/1024}'", shell=True, capture_output=True, text=True).stdout.strip()
        b.close()
    print(s, "images", sizes, f"load {t1-t0:.1f}s screenshot {t2-t1:.1f}s ({shot}) chromium RSS now {rss} MiB", flush=True)
