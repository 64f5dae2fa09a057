"""a01 (ORDINARY USER): recon of the sandbox as uid 65534 grades it, and memory the per-process caps do not see.

Without cgroups (an ordinary user) memory is capped per process by RLIMIT_DATA (6 GiB). RLIMIT_DATA counts only
private writable mappings: shared anonymous mappings (mmap MAP_SHARED|MAP_ANONYMOUS) and memfd files (each up to
RLIMIT_FSIZE = 512 MiB, as many as descriptors allow) are not counted, and unmapped memfd pages are in no process's
RSS (the OOM killer would pick other processes, e.g. the grader). The kernel (a cell) and the student's function (in
the observer's child) each take 8 GiB in ONE process, hold it 20 s and release it; MemAvailable is printed.
A control asks for a 7 GiB private mapping (RLIMIT_DATA must refuse it).
"""
from u import *

HOG = r'''
import os, mmap, time, resource
def _avail():
    for l in open("/proc/meminfo"):
        if l.startswith("MemAvailable"): return int(l.split()[1]) >> 20  # GiB
def _hog(gib_memfd=7, gib_shared=1, hold=20):
    out = [f"before MemAvailable={_avail()}GiB RLIMIT_DATA={resource.getrlimit(resource.RLIMIT_DATA)[0]>>20}MiB"]
    try:
        mmap.mmap(-1, 7 << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS); out.append("private 7GiB: ALLOWED")
    except OSError as e:
        out.append(f"private 7GiB refused ({e.strerror})")
    fds = []
    try:
        for i in range(gib_memfd * 2):
            fd = os.memfd_create(f"m{i}")
            os.posix_fallocate(fd, 0, 512 << 20)
            fds.append(fd)
        out.append(f"memfd {len(fds)*512}MiB OK")
    except OSError as e:
        out.append(f"memfd stopped after {len(fds)*512}MiB ({e})")
    try:
        m = mmap.mmap(-1, gib_shared << 30, flags=mmap.MAP_SHARED | mmap.MAP_ANONYMOUS)
        for off in range(0, gib_shared << 30, 4096 * 256):
            m[off:off + 4096 * 256] = b"\1" * (4096 * 256)
        out.append(f"shared anon {gib_shared}GiB OK")
    except Exception as e:
        out.append(f"shared anon refused {e}")
    rss = [l.strip() for l in open("/proc/self/status") if l.startswith(("VmRSS", "RssShmem", "VmData"))]
    out.append(f"after MemAvailable={_avail()}GiB {rss}")
    time.sleep(hold)
    for fd in fds: os.close(fd)
    return "; ".join(out)
'''

RECON = r'''
import os, subprocess, resource, glob
def _recon():
    r = []
    r.append("ID " + subprocess.run(["id"], capture_output=True, text=True).stdout.strip())
    r.append("STATUS " + " | ".join(l.strip() for l in open("/proc/self/status") if l.startswith(("Uid", "Gid", "Cap", "NoNewPrivs", "Seccomp"))))
    r.append("UIDMAP " + open("/proc/self/uid_map").read().strip())
    for name in dir(resource):
        if name.startswith("RLIMIT_"):
            r.append(f"{name}={resource.getrlimit(getattr(resource, name))}")
    r.append("ENV " + repr(dict(os.environ)))
    r.append("MOUNTS\n" + open("/proc/self/mountinfo").read())
    r.append("DEV " + repr(os.listdir("/dev")))
    rd = os.environ.get("JUPYTER_RUNTIME_DIR")
    r.append(f"RUNTIME {rd} {os.listdir(rd) if rd else None}")
    n = 0; fds = []
    try:
        import ctypes; libc = ctypes.CDLL(None, use_errno=True)
        for _ in range(300):
            fd = libc.inotify_init()
            if fd < 0: break
            fds.append(fd)
    finally:
        r.append(f"INOTIFY instances obtained: {len(fds)} (errno {ctypes.get_errno()})")
        for fd in fds: os.close(fd)
    r.append("PROCS " + repr(sorted(os.listdir("/proc"))[:40]))
    return "\n".join(r)
print(_recon())
'''

nb = notebook(append={"training_memory": RECON + HOG + "print('KERNEL HOG', _hog())\n"
                      "def training_memory(model, optimizer):\n    raise RuntimeError('CHILD HOG ' + _hog())\n"})

if __name__ == "__main__":
    import threading, subprocess as sp
    stop = []
    def watch():
        low = 10**9
        while not stop:
            for l in open("/proc/meminfo"):
                if l.startswith("MemAvailable"):
                    low = min(low, int(l.split()[1]) >> 10)
            time.sleep(1)
        print(f"HOST (outside) lowest MemAvailable during grading: {low} MiB")
    t = threading.Thread(target=watch); t.start()
    dest, p = ugrade("01", {"recon": nb})
    stop.append(1); t.join()
    outputs(dest, "recon")

# RESULT (ORDINARY USER, 134 s): BROKEN (memory cap). In the kernel AND in the observer's child (the student's
# function), ONE process held 8 GiB (7 GiB of memfd, fallocated, + 1 GiB MAP_SHARED|MAP_ANONYMOUS, touched) under
# RLIMIT_DATA = 6 GiB, while the control (a 7 GiB private mapping) was refused (ENOMEM). MemAvailable (host)
# 21 -> 13 GiB; `free` on the host showed shared = 8200 MiB; the kernel's VmRSS 1.3 GB (memfd pages unmapped are in
# no process's RSS, so the OOM killer would pick someone else). Recon: uid 65534, CapEff 0, NoNewPrivs 1, seccomp 2,
# uid_map "65534 0 1"; RLIMIT_NPROC 261, RLIMIT_CORE (0, unlimited) (raisable: cores go to the kernel's cwd here,
# core_pattern=core), /dev: null zero full random urandom tty pts ptmx shm; runtime folder
# /tmp/grade-kernel-*/runtime ro (ipc-1..5); no course, checkout or home visible; PATH shows root's PATH entries
# (the TA's cargo and pyenv folders) as passed by the TA's environment (allow-listed). inotify: 128 instances taken,
# then EMFILE: the host user's limit (see a06).
