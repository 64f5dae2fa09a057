"""a02b: a02's 50-frame APNG (4096 x 4096, 1.34 MB) displayed by an answer cell, through the real grading; is it
kept in mallory's feedback page and graded notebook, and what does Chromium spend on mallory's feedback page over
30 s, against aaron's?"""
import base64, sys, time, subprocess, zlib
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from a02_apng import apng, chromium_cpu, ARGS
from playwright.sync_api import sync_playwright
FRAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 25
T = base64.b64encode(apng(4096, 4096, FRAMES)).decode()
print("frames", FRAMES, "base64 chars", len(T))
d = course("a02b")
nb_m = nb_for("ps1_memory")
for c in nb_m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.source += "\nimport base64, zlib\nfrom IPython.display import display\nT = base64.b64encode(zlib.decompress(base64.b64decode(%r))).decode()\ndisplay({'image/png': T, 'text/plain': 'x'}, raw=True)\n" % base64.b64encode(zlib.compress(base64.b64decode(T), 9)).decode()
for s, nb in [("aaron", nb_for("ps1_memory")), ("mallory", nb_m), ("zoe", nb_for("ps1_memory"))]:
    hand_in(d, s, "ps1_memory", nb)
grade(d, "ps1_memory")
scores(d, "ps1_memory")
for s in ["aaron", "mallory"]:
    path = f"{d}/feedback/{s}/ps1_memory/ps1_memory.html"
    html = open(path).read()
    print(s, "APNG kept in feedback:", html.count(T[:200]), "in graded notebook:", open(f"{d}/autograded/{s}/ps1_memory/ps1_memory.ipynb").read().count(T[:200]))
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        pg = b.new_page(viewport={"width": 1280, "height": 800}); pg.goto("file://" + path)
        if pg.evaluate("() => document.images.length"):
            pg.evaluate("() => document.images[0].scrollIntoView()")
        c0 = chromium_cpu(); t0 = time.time()
        for _ in range(30):
            pg.screenshot(path="/tmp/attack42-root-img/a2b.png"); time.sleep(1)
        print(s, f"chromium CPU {chromium_cpu() - c0:.1f} s over {time.time() - t0:.1f} s with the page open", flush=True)
        b.close()
