"""a07 (ordinary user): earlier rounds' fixes re-checked from one kernel cell (EPERM/EAFNOSUPPORT expected), and the
sandbox's tmpfs mount options read from /proc/self/mountinfo (nr_inodes: see a03).
RESULT: see a07.out.txt and the bottom of this file."""
from u9 import *

CELL = r'''
import os, mmap, ctypes, errno, socket, fcntl, resource
libc = ctypes.CDLL(None, use_errno=True)
def sc(name, nr, *args):
    r = libc.syscall(nr, *args); e = ctypes.get_errno()
    print(f"A07 {name}: {r} {errno.errorcode.get(e, e) if r < 0 else ''}")
sc("memfd_create", 319, b"x", 0)
sc("shmget", 29, 0, 4096, 0o1000 | 0o600)
sc("io_setup", 206, 1, ctypes.byref(ctypes.c_ulong(0)))
sc("inotify_init1", 294, 0)
sc("fanotify_init", 300, 0, 0)
sc("add_key", 248, b"user", b"k", b"v", 1, -3)
sc("pidfd_open", 434, 1, 0)
sc("userfaultfd", 323, 0)
sc("unshare(NEWUSER)", 272, 0x10000000)
for fam in (40, 17, 38):
    try: socket.socket(fam, socket.SOCK_STREAM if fam != 17 else socket.SOCK_RAW); print("A07 socket", fam, "OPEN")
    except OSError as e: print("A07 socket", fam, e)
r, w = os.pipe()
try: fcntl.fcntl(r, 1031, 1 << 20); print("A07 F_SETPIPE_SZ accepted")
except OSError as e: print("A07 F_SETPIPE_SZ", e)
for flags, label in ((mmap.MAP_SHARED | mmap.MAP_ANONYMOUS, "shared anon"),):
    try: mmap.mmap(-1, 4096, flags=flags); print("A07", label, "accepted")
    except OSError as e: print("A07", label, e)
for dev in ("/dev/zero", "/dev/null", "/dev/ptmx", "/dev/full", "/dev/urandom"):
    try:
        fd = os.open(dev, os.O_RDWR)
        try: mmap.mmap(fd, 1 << 20, flags=mmap.MAP_SHARED); print("A07", dev, "mmap MAP_SHARED accepted")
        except OSError as e: print("A07", dev, "opened; mmap:", e)
    except OSError as e: print("A07", dev, e)
print("A07 ls /:", sorted(os.listdir("/")), "ls /dev:", sorted(os.listdir("/dev")))
print("A07 rlimits:", {n: resource.getrlimit(getattr(resource, n)) for n in ("RLIMIT_DATA","RLIMIT_AS","RLIMIT_NPROC","RLIMIT_NOFILE","RLIMIT_MEMLOCK","RLIMIT_SIGPENDING","RLIMIT_FSIZE","RLIMIT_STACK")})
for l in open("/proc/self/mountinfo"):
    if "tmpfs" in l: print("A07 mount:", l.strip()[:220])
print("A07 /proc/1/environ:", open("/proc/1/environ","rb").read()[:300])
print("A07 status:", [l.strip() for l in open("/proc/self/status") if l.split(":")[0] in ("Uid","CapEff","NoNewPrivs","Seccomp")])
'''

if __name__ == "__main__":
    nb = notebook(append={"training_memory": CELL})
    dest, p = ugrade("a07", {"recon": nb})
    import json as _j
    for c in _j.load(open(f"{dest}/autograded/recon/ps1_memory/ps1_memory.ipynb"))["cells"]:
        for o in c.get("outputs", []):
            t = o.get("text", ""); t = "".join(t) if isinstance(t, list) else t
            if "A07" in t: print(t)
# RESULT (13:17 UTC, uid 65534): HELD.  memfd_create, shmget, io_setup, inotify_init1, fanotify_init, add_key,
# pidfd_open, userfaultfd, unshare(NEWUSER): EPERM; sockets AF_VSOCK(40), AF_PACKET(17), AF_ALG(38):
# EAFNOSUPPORT; F_SETPIPE_SZ: EPERM; MAP_SHARED|MAP_ANONYMOUS: EPERM; /dev/zero is /dev/null (mmap ENODEV); no
# /dev/ptmx; Uid 65534, CapEff 0, NoNewPrivs 1, Seccomp 2; RLIMIT_DATA 6 GiB, RLIMIT_AS unlimited, NPROC 261,
# NOFILE 1280.  The tmpfs mounts (/tmp, /dev/shm, the work folder) show size=524288k and no nr_inodes (a03).
# /proc/1/environ: bwrap's PATH and LANG only (known).
