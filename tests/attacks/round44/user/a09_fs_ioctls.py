"""a09: which file-system ioctls reach the host's ext4 from a sandbox (no ioctl rule in the filter)? mallory's quiz
cell calls each on the read-only /usr/bin/env and its folder and reports errno and time."""
import sys, json, os
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

A = "ps1_memory"
IOC = r'''
import fcntl, os, struct, time, errno
res = {}
fd = os.open("/usr/bin/env", os.O_RDONLY); dfd = os.open("/usr/bin", os.O_RDONLY | os.O_DIRECTORY)
def t(name, f, cmd, buf):
    s = time.perf_counter()
    try: fcntl.ioctl(f, cmd, buf); r = "ok"
    except OSError as e: r = errno.errorcode.get(e.errno, str(e.errno))
    res[name] = (r, round((time.perf_counter() - s) * 1000, 2))
fsmap = bytearray(struct.pack("=IIII6Q", 0, 0, 0, 0, *([0]*6)) + struct.pack("=IIQQQQ3Q", *([0]*9)) + struct.pack("=IIQQQQ3Q", 0xffffffff, 0xffffffff, 2**64-1, 2**64-1, 2**64-1, 2**64-1, 0, 0, 0))
t("FS_IOC_GETFSMAP", fd, 0xc0c0583b, fsmap)
fiemap = bytearray(struct.pack("=QQIIII", 0, 2**64-1, 1, 0, 0, 0))  # FIEMAP_FLAG_SYNC
t("FS_IOC_FIEMAP(SYNC)", fd, 0xc020660b, fiemap)
t("EXT4_IOC_GET_ES_CACHE", fd, 0xc020662a, bytearray(struct.pack("=QQIIII", 0, 2**64-1, 0, 0, 0, 0)))
t("FITRIM", dfd, 0xc0185879, bytearray(struct.pack("=QQQ", 0, 2**64-1, 0)))
t("FS_IOC_GETFSUUID", fd, 0x80111500, bytearray(17))
t("FS_IOC_GETFSSYSFSPATH", fd, 0x80811501, bytearray(129))
t("FS_IOC_GETFSLABEL", fd, 0x81009431, bytearray(256))
t("EXT4_IOC_GETSTATE", fd, 0x40046629, bytearray(4))
t("FS_IOC_GETFLAGS", fd, 0x80086601, bytearray(8))
t("FIFREEZE", dfd, 0xc0045877, bytearray(4))
t("EXT4_IOC_SHUTDOWN", dfd, 0x8004587d, bytearray(struct.pack("=I", 2)))
print("IOC", res)
'''

def build():
    nb = honest(A)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = c.source + "\n" + IOC
    return nb

if __name__ == "__main__":
    d = make_course("a09")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d)
    print({r["student"]: round(r["seconds"], 1) for r in json.load(open(f"{d}/grading_report.json"))})
    nb = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    text = "".join("".join(o.get("text", "")) for c in nb["cells"] for o in c.get("outputs", []))
    print("\n".join(l for l in text.splitlines() if l.startswith("IOC")))
