"""a04: without cgroups (an ordinary user's grader) a kernel's memory is capped by RLIMIT_DATA only, which counts no
kernel object. POSIX timers (timer_create, no descriptor, so the 1,280-file cap does not count them) are kernel slab
(struct k_itimer + its sigqueue) bounded only by RLIMIT_SIGPENDING, a count of the host user's (65534: shared with
the grader) through the user namespace's ucounts. mallory's cell creates timers until refused (at most 3,000,000),
prints its limits, holds them 8 s; the host samples Slab/SUnreclaim meanwhile. aaron and zoe graded beside her."""
import os, sys, threading
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
CELL = r'''
import ctypes, time
libc = ctypes.CDLL(None, use_errno=True)
print([l for l in open("/proc/self/limits") if "pending" in l or "processes" in l or "data" in l.lower()])
tid = ctypes.c_void_p(); n = 0; t = time.time()
while n < 3_000_000:
    if libc.timer_create(1, None, ctypes.byref(tid)) != 0:
        break
    n += 1
print(f"timers made: {n:,} in {time.time()-t:.1f}s; stopped with errno {ctypes.get_errno()}")
time.sleep(8)
'''
def meminfo():
    d = {}
    for l in open("/proc/meminfo"):
        k, v = l.split(":"); d[k] = int(v.split()[0]) // 1024
    return d
m = honest(A)
m.cells.insert(len(m.cells) - 1, nbformat.v4.new_code_cell(CELL))
d = make_course("a04")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
base = meminfo(); peak = [0, 0]; stop = False
def sample():
    while not stop:
        x = meminfo(); peak[0] = max(peak[0], x["SUnreclaim"] - base["SUnreclaim"]); peak[1] = max(peak[1], x["Slab"] - base["Slab"]); time.sleep(0.5)
th = threading.Thread(target=sample); th.start()
try:
    grade(d, A); scores(d)
finally:
    stop = True; th.join()
print(f"host Slab before {base['Slab']} MiB; peak growth during grading: SUnreclaim +{peak[0]} MiB, Slab +{peak[1]} MiB (other work shares this host)")
import json
g = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
for c in g["cells"]:
    if "timer_create" in "".join(c["source"]) and c["cell_type"] == "code":
        for o in c.get("outputs", []):
            print("mallory's cell:", "".join(o.get("text", "")) or o)
shutil.rmtree(d)
