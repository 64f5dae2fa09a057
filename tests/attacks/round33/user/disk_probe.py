"""Host probe: every 0.5 s evict and re-read 4 MiB of a venv file no sandbox reads (numpy's openblas), time it."""
import os, sys, time
F = "CLONE/.venv/lib/python3.11/site-packages/numpy.libs/libscipy_openblas64_-32a4b2a6.so"
end = time.time() + float(sys.argv[1]); log = open(sys.argv[2], "a", buffering=1)
while time.time() < end:
    fd = os.open(F, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    t = time.perf_counter(); n = 0
    while n < 4 << 20:
        b = os.pread(fd, 1 << 20, n)
        if not b: break
        n += len(b)
    os.close(fd); log.write(f"{time.time():.1f} read4MiB {time.perf_counter() - t:.4f}s\n"); time.sleep(0.5)
