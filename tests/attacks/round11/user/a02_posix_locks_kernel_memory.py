# a02: POSIX byte-range locks as memory no rlimit counts. Each lock is a struct file_lock in the kernel's slab
# (file_lock_cache), charged only to a memory cgroup (SLAB_ACCOUNT); RLIMIT_LOCKS is not enforced by Linux, and the
# sandbox's seccomp filter lets fcntl(F_SETLK) through. As an ordinary user (no cgroups) the kernel takes locks on
# alternating bytes (so they cannot merge) of 1,250 files in its /tmp, 2,000 per file (2.5 million locks) in each of
# 3 processes (the kernel and two forks; the cell's 120 s timeout bounds how many one cell takes: O(n^2) per file), and reads the host's unreclaimable slab, its own VmRSS and VmData before and after.
# RESULT: see the end of this file.
from u11 import *
PAYLOAD = r'''
import fcntl, os, time
def mi():
    return {l.split(':')[0]: int(l.split()[1]) >> 10 for l in open('/proc/meminfo') if l.startswith(('MemAvailable', 'SUnreclaim'))}
def st(): return {l.split(':')[0]: l.split(':')[1].strip() for l in open('/proc/self/status') if l.startswith(('VmRSS','VmData'))}
FILES, PER, PROCS = 1250, 2000, 3
before = mi(); t = time.time(); fds = []; n = 0
kids = []
for k in range(PROCS - 1):
    pid = os.fork()
    if pid == 0: break
    kids.append(pid)
me = len(kids) if len(kids) < PROCS - 1 and pid == 0 else PROCS - 1
try:
    for i in range(FILES):
        fd = os.open(f"/tmp/lk{me}_{i}", os.O_RDWR | os.O_CREAT, 0o600); fds.append(fd)
        for j in range(PER - 1, -1, -1):
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 2 * j)
            n += 1
        if i % 100 == 99:
            print(me, i + 1, "files", n, "locks", round(time.time() - t, 1), "s", mi(), flush=True)
        if time.time() - t > 75:
            print(me, "stopping at 75 s"); break
except OSError as e:
    print("stopped:", e)
print(f"{n} locks in {time.time()-t:.1f}s; host MiB before {before} after {mi()}; this process {st()}", flush=True)
time.sleep(8)
for fd in fds: os.close(fd)
time.sleep(1)
print("closed:", mi(), flush=True)
if kids:
    for k in kids: os.waitpid(k, 0)
    print("all closed:", mi())
else:
    os._exit(0)
'''
nb = notebook(append={"training_memory": PAYLOAD})
if __name__ == "__main__":
    d, p = ugrade("a02", {"locks": nb})
    outputs(d, "locks")
# RESULT (17:15-17:19 UTC, a02.out.txt; the first two tries at 5,000 and 2,000 locks a file in one cell ran into the
# cell's 120 s timeout before printing): BROKEN (caps that cap, ordinary user: kernel memory no rlimit counts). Three
# processes of the kernel took 1,722,000 + 1,678,000 + 1,662,000 = 5.06 million locks in 75 s (stopped there by the
# payload itself); the host's unreclaimable slab (SUnreclaim) 94 -> 1,039 MiB, MemAvailable 20,582 -> 18,820 MiB,
# while each process showed VmRSS 260-276 MB, VmData 346-412 MB (the locks are in neither). Closing the files gave it
# back (SUnreclaim 98 MiB). The rate is ~22,000 locks/s a process (the per-inode list makes it O(n^2) a file), so
# only the submission's time bounds it: x up to 256 processes x 1,280 open files, over several cells (a daemon
# forked in one cell keeps going), nothing caps it. As root the memory cgroup counts it (file_lock_cache is
# SLAB_ACCOUNT): the same class as socket buffers and epoll watches, a new object. Fix: refuse F_SETLK/F_SETLKW/
# F_OFD_SETLK* in the seccomp filter where there is no cgroup (nothing in the course needs byte-range locks), or
# grade as root.
