"""a03: system calls newer than the filter's deny list (Linux 6.18 here): which reach the kernel from inside the
sandbox, and can any of them do what their denied siblings do? open_tree_attr (467, the new mount API's clone of
open_tree + mount_setattr), setxattrat (463) on the writable tmpfs, file_setattr (469), listmount/statmount of
the host's mount namespace, map_shadow_stack (453), process_mrelease, landlock, futex_waitv, mseal."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
CODE = r'''
import ctypes, os, errno, struct
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
def sc(nr, *args):
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])
    return r, errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno())
for nr in range(448, 475):
    print("PROBE nr", nr, sc(nr, -1, 0, 0, 0, 0))
# open_tree_attr(AT_FDCWD, "/tmp", OPEN_TREE_CLONE|AT_RECURSIVE, attr, size)
AT_FDCWD = -100
r = sc(467, AT_FDCWD, ctypes.c_char_p(b"/tmp"), 1 | 0x8000, 0, 0)
print("OPEN_TREE_ATTR clone /tmp:", r)
r = sc(467, AT_FDCWD, ctypes.c_char_p(b"/tmp"), 0, 0, 0)
print("OPEN_TREE_ATTR O_PATH-like /tmp:", r)
# statmount of the root of our ns, then try mnt_ns_id of other namespaces
# listmount with LSMT_ROOT and mnt_ns_id = 0 => own ns
# xattrs on tmpfs via setxattrat
open("/tmp/x", "w").write("x")
val = b"v" * 60000
n_ok = 0
for i in range(2000):
    r = sc(463, AT_FDCWD, ctypes.c_char_p(b"/tmp/x"), 0, ctypes.c_char_p(b"user.k%d" % i), ctypes.c_char_p(struct.pack("QQII", ctypes.cast(ctypes.c_char_p(val), ctypes.c_void_p).value, len(val), 0, 0)), 24)
    if r[0] != 0:
        print("SETXATTRAT stop at", i, r); break
    n_ok += 1
print("SETXATTRAT ok", n_ok, "x 60000 bytes")
try:
    os.setxattr("/tmp/x", "user.plain", b"y" * 1000); print("plain setxattr ok")
except OSError as ex: print("plain setxattr", ex)
try:
    os.setxattr("/tmp/x", "trusted.t", b"y"); print("trusted ok!")
except OSError as ex: print("trusted", ex)
try:
    os.setxattr("/tmp/x", "security.capability", b"\x01\x00\x00\x02" + b"\xff"*16); print("security.capability ok!")
except OSError as ex: print("security.capability", ex)
'''
if __name__ == "__main__":
    c = make_course("a03")
    hand_in(c, "aaron", honest())
    hand_in(c, "mallory", hostile(append={"training_memory": CODE}))
    hand_in(c, "zoe", honest())
    grade(c)
    scores(c)
    leak_scan(c)
    for i, t in outputs_grep(c, "mallory"):
        if i == 3: print(t[:60000])
