# a08: earlier rounds' refusals, re-checked from the kernel as uid 65534: memfd, SysV shm/msg/sem, POSIX mq, AIO,
# inotify, io_uring, userfaultfd, unshare(NEWUSER), pidfd_open, AF_VSOCK, AF_PACKET, F_SETPIPE_SZ, shared anonymous
# mmap, /dev/zero MAP_SHARED, /dev/ptmx, a 4 TiB read-only mapping (round 9's page tables), writes to /proc/sys,
# the environment (no grader secrets), and uid/caps/seccomp.
# RESULT: see the end of this file.
from u10 import *
PAYLOAD = r'''
import ctypes, errno, fcntl, mmap, os, socket
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
res = []
def sc(name, nr, *a):
    r = libc.syscall(nr, *a); e = ctypes.get_errno()
    res.append(f"{name}={'OK' if r >= 0 else errno.errorcode.get(e)}")
sc("memfd_create", 319, b"x", 0); sc("shmget", 29, 0, 4096, 0o1600); sc("msgget", 68, 0, 0o1600)
sc("semget", 64, 0, 1, 0o1600); sc("mq_open", 240, b"/q", 0o100 | 2, 0o600, None)
ctx = ctypes.c_ulong(0); sc("io_setup", 206, 1, ctypes.byref(ctx)); sc("inotify_init1", 294, 0)
sc("io_uring_setup", 425, 4, ctypes.create_string_buffer(120)); sc("userfaultfd", 323, 0)
sc("unshare_user", 272, 0x10000000); sc("pidfd_open", 434, 1, 0)
for fam, name in ((40, "AF_VSOCK"), (17, "AF_PACKET")):
    try: socket.socket(fam, socket.SOCK_DGRAM); res.append(f"{name}=OK")
    except OSError as e: res.append(f"{name}={errno.errorcode.get(e.errno)}")
r, w = os.pipe()
try: fcntl.fcntl(w, 1031, 1 << 20); res.append("F_SETPIPE_SZ=OK")
except OSError as e: res.append(f"F_SETPIPE_SZ={errno.errorcode.get(e.errno)}")
try: mmap.mmap(-1, 1 << 20, flags=mmap.MAP_SHARED); res.append("shared_anon=OK")
except OSError as e: res.append(f"shared_anon={errno.errorcode.get(e.errno)}")
try:
    fd = os.open("/dev/zero", os.O_RDWR); m = mmap.mmap(fd, 1 << 20, flags=mmap.MAP_SHARED); m[0] = 1; res.append("devzero_shared=OK(" + os.path.realpath('/dev/zero') + ")")
except (OSError, ValueError, IndexError, TypeError) as e: res.append(f"devzero_shared={type(e).__name__}:{e}")
res.append(f"ptmx={os.path.exists('/dev/ptmx')}")
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
p = libc.mmap(None, 4 << 40, 1, 0x22, -1, 0); res.append(f"4TiB_ro_map={'OK' if p not in (None, 2**64-1) else errno.errorcode.get(ctypes.get_errno())}")
try: open("/proc/sys/kernel/hostname", "w").write("x"); res.append("procsys=WRITABLE")
except OSError as e: res.append(f"procsys={errno.errorcode.get(e.errno)}")
st = {l.split(":")[0]: l.split(":",1)[1].strip() for l in open("/proc/self/status") if ":" in l}
res.append(f"uid={os.getuid()} CapEff={st['CapEff']} Seccomp={st['Seccomp']} NNP={st['NoNewPrivs']}")
res.append("env=" + ",".join(sorted(os.environ)))
print(" ".join(res))
'''
nb = notebook(append={"training_memory": PAYLOAD})
if __name__ == "__main__":
    import os
    os.environ["DATABASE_URL"] = "postgresql://grader:CANARY-r10u@db/x"
    d, p = ugrade("a08", {"regress": nb})
    outputs(d, "regress")
    import subprocess
    print("canary in course:", subprocess.run(["grep", "-rl", "CANARY-r10u", d], capture_output=True, text=True).stdout or "none")
# RESULT (16:35 UTC, a08.out.txt): HELD. memfd_create, shmget, msgget, semget, mq_open, io_setup, inotify_init1,
# io_uring_setup, userfaultfd, unshare(CLONE_NEWUSER), pidfd_open: EPERM; AF_VSOCK, AF_PACKET: EAFNOSUPPORT;
# F_SETPIPE_SZ: EPERM; shared anonymous mmap: EPERM; /dev/zero MAP_SHARED: ENODEV (it is /dev/null); no /dev/ptmx;
# 4 TiB read-only mapping: ENOMEM; /proc/sys: EROFS; uid 65534, CapEff 0, Seccomp 2, NoNewPrivs 1; the environment
# holds only the allow-list (no DATABASE_URL), and the DATABASE_URL canary set for the grader is in no file of the course.
