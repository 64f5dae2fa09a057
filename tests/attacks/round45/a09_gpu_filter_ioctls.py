"""a09: round 44's ioctl rule has two forms: without a GPU an allow list of 17 terminal/socket/interface commands;
with a GPU (the NVIDIA driver's commands are its own) only type 'X' (FS_IOC_GETFSMAP, FITRIM, FIFREEZE...) is
refused. No GPU is lent to this task, so this loads both forms of grader.sandbox.seccomp_program(gpu=...) into a
child (uid 65534, no capabilities, no_new_privs) on this host and asks the host's own file systems: which
file-system commands of other types does the GPU form let through, and what do they answer here?"""
import ctypes, fcntl, os, struct, sys, array, errno
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from grader import sandbox

TARGET = "CLONE/.venv/lib/python3.11/site-packages/torch/lib/libtorch_cpu.so"
if not os.path.exists(TARGET):
    TARGET = "CLONE/.venv/bin/python3"
CMDS = {
    "FS_IOC_GETFSMAP ('X',59)": 0xC0C0583B,
    "FS_IOC_FIEMAP ('f',11)": 0xC020660B,
    "EXT4_IOC_PRECACHE_EXTENTS ('f',18)": 0x6612,
    "EXT4_IOC_GET_ES_CACHE ('f',42)": 0xC020662A,
    "FS_IOC_GETFLAGS ('f',1)": 0x80086601,
    "FS_IOC_GETFSUUID (0x15,0)": 0x80111500,
    "FS_IOC_ADD_ENCRYPTION_KEY ('f',23)": 0xC0506617,
    "FIGETBSZ (0,2)": 0x2,
    "BLKGETSIZE64 (0x12,114)": 0x80081272,
    "TIOCSTI ('T',0x12)": 0x5412,
    "FIONREAD (allowed both)": 0x541B,
}

def load(prog: bytes):
    libc = ctypes.CDLL(None, use_errno=True)
    n = len(prog) // 8
    buf = ctypes.create_string_buffer(prog)
    class Fprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
    fp = Fprog(n, ctypes.addressof(buf))
    assert libc.prctl(38, 1, 0, 0, 0) == 0  # PR_SET_NO_NEW_PRIVS
    r = libc.prctl(22, 2, ctypes.byref(fp), 0, 0)  # PR_SET_SECCOMP, SECCOMP_MODE_FILTER
    assert r == 0, ctypes.get_errno()

for gpu in (False, True):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.setgroups([]); os.setgid(65534); os.setuid(65534)
        load(sandbox.seccomp_program(gpu=gpu))
        out = {}
        fd = os.open(TARGET, os.O_RDONLY)
        for name, cmd in CMDS.items():
            buf = bytearray(4096)
            if "FIEMAP" in name or "ES_CACHE" in name:
                struct.pack_into("QQIIII", buf, 0, 0, 2**63, 0, 0, 100, 0)
            try:
                fcntl.ioctl(fd, cmd, buf if cmd > 0xFFFF else 0)
                out[name] = "ok"
                if "FIEMAP" in name or "ES_CACHE" in name:
                    out[name] += " (%d extents)" % struct.unpack_from("I", buf, 20)[0]
            except OSError as e:
                out[name] = errno.errorcode.get(e.errno, e.errno)
        os.write(w, repr(out).encode()); os._exit(0)
    os.close(w)
    data = b""
    while chunk := os.read(r, 65536):
        data += chunk
    os.waitpid(pid, 0)
    print(f"gpu={gpu} on {TARGET}:")
    for k, v in eval(data).items():
        print(f"   {k:40s} {v}")
