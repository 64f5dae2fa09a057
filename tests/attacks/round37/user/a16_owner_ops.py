"""What else owning the venv gives the kernel (ordinary user): owner-only operations on a venv file on its read-only
bind mount: fcntl F_SET_RW_HINT (changes the host inode's write hint), O_NOATIME, fchmod, utime, setxattr,
FS_IOC_SETFLAGS, F_SETLEASE (round 31, refused), flock (round 34, no-op), mincore (a09)."""
from lib import *
A = "ps1_memory"
PROBE = r'''
import ctypes, os, fcntl, struct, errno
libc = ctypes.CDLL(None, use_errno=True)
f = "CLONE/probes/ps1_memory.py"
def t(name, fn):
    try: print("OWNER", name, "->", fn())
    except OSError as e: print("OWNER", name, "->", errno.errorcode.get(e.errno, e.errno))
fd = os.open(f, os.O_RDONLY)
print("OWNER stat uid", os.fstat(fd).st_uid, "my uid", os.getuid())
hint = ctypes.c_uint64(5)  # RWH_WRITE_LIFE_EXTREME
def rw_hint():
    r = libc.fcntl(fd, 1036, ctypes.byref(hint)); e = ctypes.get_errno()
    got = ctypes.c_uint64(0); libc.fcntl(fd, 1035, ctypes.byref(got))
    return (r, errno.errorcode.get(e, e) if r < 0 else "", "hint now", got.value)
t("F_SET_RW_HINT", rw_hint)
t("O_NOATIME", lambda: (os.close(os.open(f, os.O_RDONLY | os.O_NOATIME)), "ok")[1])
t("fchmod", lambda: os.fchmod(fd, 0o644))
t("utime", lambda: os.utime(f))
t("setxattr", lambda: os.setxattr(f, "user.x", b"1"))
t("F_SETLEASE", lambda: fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_RDLCK))
t("FS_IOC_SETFLAGS", lambda: fcntl.ioctl(fd, 0x40086602, struct.pack("l", 0x10)))
# restore the hint we set (not-set = 0)
hint.value = 0; libc.fcntl(fd, 1036, ctypes.byref(hint))
'''
src = source_nb(A)
from tools.submissions import solution_text
q1 = [solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1"][0]
d = make_course("a16")
hand_in(d, "aaron", A, honest(A))
hand_in(d, "mallory", A, fill(release_nb(A), src, {"quiz_q1": q1 + PROBE}))
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.outputs: print(o.get("text") or o)
