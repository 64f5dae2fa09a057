"""Open an HTML file in Debian's chromium (headless, playwright) and time the load, with the renderer's memory."""
import sys, time, subprocess, os
from playwright.sync_api import sync_playwright
path = sys.argv[1]
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = b.new_page()
    t = time.time()
    try:
        page.goto("file://" + path, timeout=120000, wait_until="load")
        print("load", round(time.time() - t, 1), "s")
        page.screenshot(path="/tmp/shot.png", timeout=120000)
        print("screenshot", round(time.time() - t, 1), "s")
        print("responsive:", page.evaluate("1+1"))
    except Exception as e:
        print("ERROR after", round(time.time() - t, 1), "s:", str(e)[:300])
    out = subprocess.run("ps -eo rss,args | grep -i 'chrom' | grep -v grep | sort -n | tail -3", shell=True, capture_output=True, text=True).stdout
    print("max rss KB of chromium processes:\n", out[-600:])
    b.close()
