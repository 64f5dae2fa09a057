"""a08b: why a08's MADV_POPULATE_WRITE read nothing inside the sandbox: one 8 MiB chunk on the main thread, then 10
in threads, each timed, on cold files; host fincore before and after."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
FILES = ["/usr/bin/node", "/usr/lib/x86_64-linux-gnu/libLLVM-14.so.1", "/usr/lib/google-cloud-sdk/bin/anthoscli"]
CODE = r'''
import ctypes, os, time, threading
libc = ctypes.CDLL(None, use_errno=True)
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
CH = 8 << 20
def one(f, off, tag):
    fd = os.open(f, os.O_RDONLY)
    a = libc.mmap(None, CH, 3, 2, fd, off)
    t = time.time(); r = libc.madvise(a, CH, 23); e = ctypes.get_errno()
    print("POP", tag, f, off >> 20, hex(a), r, e, round(time.time() - t, 3), flush=True)
    os.close(fd)
one(FILES[0], 0, "main")
import mmap, numpy as np
fd = os.open(FILES[2], os.O_RDONLY); size = os.fstat(fd).st_size
m = mmap.mmap(fd, size, mmap.MAP_PRIVATE, mmap.PROT_READ | mmap.PROT_WRITE); os.close(fd)
addr = np.frombuffer(m, dtype=np.uint8).ctypes.data
t = time.time(); r = libc.madvise(addr, 32 << 20, 23); print("POP pymmap", FILES[2], hex(addr), r, ctypes.get_errno(), round(time.time() - t, 3), flush=True)
t = time.time(); r = libc.madvise(a_ := libc.mmap(None, 32 << 20, 3, 2, os.open(FILES[2], os.O_RDONLY), 64 << 20), 32 << 20, 23); print("POP libc-after", hex(a_), r, ctypes.get_errno(), round(time.time() - t, 3), flush=True)
ths = [threading.Thread(target=one, args=(FILES[1], i * CH, "thread")) for i in range(10)]
[x.start() for x in ths]; [x.join() for x in ths]
'''
if __name__ == "__main__":
    subprocess.run(["fincore"] + FILES)
    c = make_course("a08b")
    hand_in(c, "aaron", honest())
    hand_in(c, "mallory", hostile(append={"training_memory": f"FILES = {FILES!r}\n" + CODE}))
    hand_in(c, "zoe", honest())
    grade(c)
    scores(c)
    subprocess.run(["fincore"] + FILES)
    for i, t in outputs_grep(c, "mallory", "POP"):
        print(t)
