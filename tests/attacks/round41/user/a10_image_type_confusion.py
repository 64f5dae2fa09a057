"""a10: other ways past round 40's header reader, offline: a JPEG (23000 x 23000) under the image/png key (browsers sniff
the bytes, not the type), a PNG bomb under image/jpeg, and a PNG whose base64 has line breaks in its first 64
characters (browsers strip whitespace). Each must be dropped (None) or read at its true size."""
import sys, base64, struct, zlib
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))); sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from grader.feedback import image_size
from jpegbomb import bomb
def png(w, h):
    def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0)) + chunk(b"IEND", b"")
j = base64.b64encode(bomb(23000, 23000)).decode(); p = base64.b64encode(png(23000, 23000)).decode()
for name, mime, data in (("jpeg under image/png", "image/png", j), ("png under image/jpeg", "image/jpeg", p),
                         ("png, line breaks in first 64 chars", "image/png", "\n".join(p[i:i + 4] for i in range(0, len(p), 4))),
                         ("png, leading spaces", "image/png", " " * 100 + p)):
    print(f"{name}: image_size -> {image_size(mime, data)}  ({'dropped' if image_size(mime, data) is None else 'kept if small'})")
