"""a10: Chromium picks an image's decoder by sniffing its bytes, not by the data: URL's MIME type. The page checks of
an `image/jpeg` output need bytes starting FF D8 and read the largest SOF anywhere. AVIF is sniffed by its `ftyp` box
at offset 4, whatever bytes 0-3 (the box size) say: an AVIF of 6000 x 6000 (36 Mpx, over the 16 Mpx cap) whose first
two bytes are patched to FF D8 and which carries a fake SOF0 of 16 x 16 (in trailing bytes): does the check keep it,
and does Chromium decode it at 6000 x 6000?"""
import base64, io, struct, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from PIL import Image
from grader.feedback import image_size, _pictures_within
from playwright.sync_api import sync_playwright
buf = io.BytesIO(); Image.new("L", (6000, 6000), 128).save(buf, "AVIF", quality=10); avif = buf.getvalue()
print("AVIF", len(avif), "bytes; first 12:", avif[:12])
variants = {}
for size_patch in (True, False):
    raw = bytearray(avif)
    if size_patch:
        raw[0:2] = b"\xff\xd8"  # box size 0xFFD8xxxx: larger than the file
    raw += b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x11\x00\x02\x11\x01\x03\x11\x01"  # a fake SOF0 16x16
    variants["patched" if size_patch else "unpatched"] = bytes(raw)
with sync_playwright() as p:
    b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu"])
    pg = b.new_page()
    for name, raw in list(variants.items()) + [("plain avif", avif)]:
        text = base64.b64encode(raw).decode()
        data = {"image/jpeg": text}; _pictures_within(data, [64 * 2**20])
        kept = "image/jpeg" in data
        pg.set_content(f'<img id=i src="data:image/jpeg;base64,{text}">')
        pg.wait_for_timeout(3000)
        nat = pg.evaluate("() => [document.getElementById('i').naturalWidth, document.getElementById('i').naturalHeight]")
        print(f"{name:12s} check image_size={image_size('image/jpeg', text)} kept={kept}; Chromium decodes {nat}")
    b.close()
