"""a01: (1) round 40 refused mmap(MAP_POPULATE) of a file (a whole file read at once). remap_file_pages() is emulated
by Linux as do_mmap(... MAP_SHARED|MAP_FIXED|MAP_POPULATE) of the same file: does it populate a whole file mapping
past the filter? Measured by RssFile of the kernel before/after, on torch's 434 MB libtorch_cpu.so.
(2) rlimits of the forked kernel AND of the check's child (the student's function as the observer calls it).
Controls aaron41u, zoe41u honest; mallory41u honest answers + probes."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
A = "ps1_memory"
from tools.submissions import solution_text
src = {c.metadata.get("nbgrader", {}).get("grade_id"): c for c in source_nb(A).cells}
tm = solution_text(src["training_memory"])
PROBE = r'''
import ctypes, mmap, os, glob, resource, errno
_libc = ctypes.CDLL(None, use_errno=True)
def _rss():
    return {l.split(':')[0]: l.split(':')[1].strip() for l in open('/proc/self/status') if l.startswith(('RssFile','VmRSS','VmLck'))}
def _limits():
    return {n: resource.getrlimit(getattr(resource, n)) for n in ('RLIMIT_MEMLOCK','RLIMIT_MSGQUEUE','RLIMIT_RTPRIO','RLIMIT_NICE','RLIMIT_CORE','RLIMIT_DATA','RLIMIT_NPROC','RLIMIT_NOFILE')}
print('KERNEL LIMITS', _limits())
_f = [p for p in glob.glob('/**/torch/lib/libtorch_cpu.so', recursive=False) + glob.glob(os.path.dirname(os.__file__) + '/../**/torch/lib/libtorch_cpu.so', recursive=True)]
import torch
_f = os.path.join(os.path.dirname(torch.__file__), 'lib', 'libtorch_cpu.so')
_fd = os.open(_f, os.O_RDONLY)
_size = os.fstat(_fd).st_size
_libc.mmap.restype = ctypes.c_void_p
_libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
# control: MAP_POPULATE on a file (refused?)
_a = _libc.mmap(None, _size, 1, 0x01 | 0x8000, _fd, 0)
print('mmap MAP_SHARED|MAP_POPULATE ->', hex(_a or 0), 'errno', ctypes.get_errno())
_a = _libc.mmap(None, _size, 1, 0x01, _fd, 0)
print('mmap MAP_SHARED ->', hex(_a), 'rss before', _rss())
_libc.syscall.restype = ctypes.c_long
import time; _t = time.time()
_r = _libc.syscall(216, ctypes.c_void_p(_a), ctypes.c_size_t(_size), 0, ctypes.c_size_t(0), 0)
print('remap_file_pages ->', _r, 'errno', ctypes.get_errno(), 'in %.2fs' % (time.time() - _t), 'rss after', _rss())
_m = ctypes.create_string_buffer(2**20)
print('mlock 1MiB ->', _libc.mlock(_m, 2**20), ctypes.get_errno())
'''
CHILD = r'''
    import resource as _r
    _lim = {n: _r.getrlimit(getattr(_r, n)) for n in ('RLIMIT_MEMLOCK','RLIMIT_MSGQUEUE','RLIMIT_RTPRIO','RLIMIT_NICE','RLIMIT_CORE')}
    if _lim['RLIMIT_MEMLOCK'][0] > 65536 or _lim['RLIMIT_MSGQUEUE'][0] > 0 or _lim['RLIMIT_RTPRIO'][0] > 0 or _lim['RLIMIT_NICE'][0] > 0 or _lim['RLIMIT_CORE'][0] != 1:
        raise RuntimeError('CHECK CHILD LIMITS ' + repr(_lim))
'''
lines = tm.split("\n")
i = next(k for k, l in enumerate(lines) if l.startswith("def training_memory"))
j = next(k for k, l in enumerate(lines) if k > i and l.strip().endswith('"""') and k > i + 1)  # end of docstring
body = "\n".join(lines[:j + 1]) + CHILD + "\n".join(lines[j + 1:])
d = make_course("a01")
for s in ("aaron41u", "zoe41u"):
    hand_in(d, s, A, honest(A))
hand_in(d, "mallory41u", A, fill(release_nb(A), source_nb(A), {"training_memory": body + "\n" + PROBE}))
grade(d, A)
scores(d)
import glob as g
for nb in g.glob(d + "/autograded/mallory41u/*/*.ipynb"):
    out = nbformat.read(nb, 4)
    for c in out.cells:
        for o in c.get("outputs", []):
            t = o.get("text") or (o.get("data") or {}).get("text/plain") or o.get("evalue") or ""
            if any(k in t for k in ("KERNEL", "mmap", "remap", "mlock", "CHECK CHILD")):
                print("OUT:", t[:3000])
report(d)
shutil.rmtree(d)
