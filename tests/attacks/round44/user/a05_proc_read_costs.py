"""a05: which world-readable files of the sandbox's /proc (outside the per-process folders) and /sys are costly to
read? (a04's es_shrinker_info was one.) mallory's quiz cell reads each (up to 1 MiB, twice) and reports the slowest
and their sizes. A read that walks a host-wide structure under a lock is what a04 turned against the host."""
import sys, json, os
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

A = "ps1_memory"
SCAN = r'''
import os, time, json
res = []
skip = {"/proc/kmsg", "/proc/self", "/proc/thread-self", "/proc/kcore"}
for root in ("/proc", "/sys"):
    for dp, dn, fn in os.walk(root):
        parts = dp.split("/")
        if len(parts) > 2 and parts[1] == "proc" and (parts[2].isdigit() or parts[2] in ("self", "thread-self")):
            dn[:] = []; continue
        if dp == "/proc":
            dn[:] = [d for d in dn if not d.isdigit() and d not in ("self", "thread-self")]
        for f in fn:
            p = os.path.join(dp, f)
            if p in skip: continue
            try:
                fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)
            except OSError:
                continue
            best = None; n = 0
            try:
                for k in range(2):
                    os.lseek(fd, 0, 0)
                    t = time.perf_counter()
                    n = len(os.read(fd, 1 << 20))
                    el = time.perf_counter() - t
                    best = el if best is None else min(best, el)
            except OSError as e:
                pass
            finally:
                os.close(fd)
            if best is not None: res.append((best, n, p))
res.sort(reverse=True)
print("SCAN-BEGIN"); print(json.dumps(res[:40])); print("SCAN-END", len(res))
'''

def build():
    nb = honest(A)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = c.source + "\n" + SCAN
    return nb

if __name__ == "__main__":
    d = make_course("a05")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d)
    print({r["student"]: round(r["seconds"], 1) for r in json.load(open(f"{d}/grading_report.json"))})
    nb = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    text = "".join("".join(o.get("text", "")) for c in nb["cells"] for o in c.get("outputs", []))
    if "SCAN-BEGIN" in text:
        res = json.loads(text.split("SCAN-BEGIN\n")[1].split("\nSCAN-END")[0])
        print("files read:", text.split("SCAN-END")[1].split()[0])
        for best, n, p in res:
            print(f"{best*1000:9.2f} ms {n:9d} B  {p}")
    else:
        print(text[-3000:])
