# a03: round 10's and earlier fixes, re-checked as uid 65534, with DATABASE_URL/DISTCOURSE_DB_URL set in the grader's
# environment: MAP_GROWSDOWN, memfd, shared anonymous mmap, /dev/zero, /proc/sys writes, /proc/1/mem of bwrap's init,
# hidden paths, environment; an honest student (built from source/ for comparison only) beside it.
# RESULT: see the end of this file.
from u11 import *
os.environ["DATABASE_URL"] = "postgresql://ta:CANARY-PW-r11u@db/x"
os.environ["DISTCOURSE_DB_URL"] = "sqlite:////tmp/CANARY-r11u.db"
PAYLOAD = r'''
import ctypes, errno, mmap, os
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
def m(flags, fd=-1):
    p = libc.mmap(None, 1 << 20, 3, flags, fd, 0)
    return "OK" if p not in (None, 2**64 - 1) else errno.errorcode.get(ctypes.get_errno())
r = {}
r["growsdown"] = m(mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x100)
r["shared_anon"] = m(mmap.MAP_SHARED | mmap.MAP_ANONYMOUS)
try: fd = os.open("/dev/zero", os.O_RDWR); r["devzero_shared"] = m(mmap.MAP_SHARED, fd)
except OSError as e: r["devzero_shared"] = str(e)
try: os.memfd_create("x"); r["memfd"] = "OK"
except OSError as e: r["memfd"] = e.strerror
try: open("/proc/sys/kernel/hostname", "w"); r["procsys"] = "OK"
except OSError as e: r["procsys"] = e.strerror
try: open("/proc/1/mem", "r+b"); r["pid1mem"] = "OPEN rw"
except OSError as e: r["pid1mem"] = e.strerror
r["hidden"] = {p: os.path.exists(p) for p in ("<user clone>/source", "<user clone>/autograders", "/tmp/attack10-home", "/root", "/work")}
r["env"] = sorted(os.environ)
r["canary_in_env"] = any("CANARY" in v for v in os.environ.values())
r["uid"] = open("/proc/self/status").read().split("Uid:")[1].split("\n")[0]
print(r)
'''
nb = notebook(append={"training_memory": PAYLOAD})
if __name__ == "__main__":
    d, p = ugrade("a03", {"regress": nb, "honest": u7.honest()})
    outputs(d, "regress")
    os.system(f"grep -rl CANARY {d} || echo 'no CANARY in the course dir'")
# RESULT (17:20-17:22 UTC, a03.out.txt): HELD. Inside the kernel: MAP_GROWSDOWN EPERM, shared anonymous EPERM,
# /dev/zero MAP_SHARED ENODEV (it is /dev/null), memfd EPERM, /proc/sys read-only, source/, autograders/, the TA home,
# /root, /work absent; environment an allow-list, no canary (DATABASE_URL, DISTCOURSE_DB_URL set for the grader);
# uid 65534. /proc/1/mem of bwrap's init still opens read-write (known since round 10; the guardian now ends it).
# The secret values (CANARY-PW-r11u, CANARY-r11u.db) are in no file of the course directory (the word CANARY only in
# the payload's own source, handed in). Honest student beside it 24/24; the hostile notebook 0/30.
