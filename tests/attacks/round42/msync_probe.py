import ctypes, mmap, os, time, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.msync.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
path = sys.argv[1] if len(sys.argv) > 1 else "/usr/bin/env"
fd = os.open(path, os.O_RDONLY)
addr = libc.mmap(None, 4096, mmap.PROT_READ, mmap.MAP_SHARED, fd, 0)
print("mmap", hex(addr or 0), ctypes.get_errno())
MS_SYNC = 4
n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
t = time.time()
for _ in range(n):
    r = libc.msync(ctypes.c_void_p(addr), 4096, MS_SYNC)
el = time.time() - t
print("msync ->", r, ctypes.get_errno(), f"{n} calls {el*1000/n:.2f} ms each")
t = time.time()
for _ in range(n):
    os.fsync(fd)
print(f"fsync {(time.time()-t)*1000/n:.2f} ms each")
