"""Host-side sampler, run as uid 65534 OUTSIDE any sandbox (like the TA's other processes of the grader's user):
every 0.5 s make a fresh pipe, read its size (F_GETPIPE_SZ) and time pushing 16 MiB through it."""
import fcntl, os, sys, time, threading
F_GETPIPE_SZ = 1032
end = time.time() + float(sys.argv[1]); out = open(sys.argv[2], "a")
while time.time() < end:
    r, w = os.pipe()
    sz = fcntl.fcntl(w, F_GETPIPE_SZ)
    data = b"x" * 4096; t = time.time()
    def reader():
        n = 0
        while n < 16 << 20:
            n += len(os.read(r, 1 << 20))
    th = threading.Thread(target=reader); th.start()
    for _ in range(4096): os.write(w, data)
    th.join(); dt = time.time() - t
    os.close(r); os.close(w)
    out.write(f"{time.strftime('%H:%M:%S')} pipe_size={sz} push16MiB={dt*1000:.0f}ms\n"); out.flush()
    time.sleep(0.5)
