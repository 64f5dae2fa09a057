"""Student (uid 1001): poll the checkout's submitted/ for example hand-ins that make demo writes, open and read each."""
import glob, os, sys, time
got, fds = {}, {}
t0 = time.time()
while time.time() - t0 < float(sys.argv[1]):
    for p in glob.glob("CLONE/submitted/*/*/*.ipynb"):
        if p in got: continue
        try:
            fd = os.open(p, os.O_RDONLY)
        except OSError:
            continue
        fds[p] = fd
        data = os.read(fd, 1 << 22)
        got[p] = (round(time.time() - t0, 2), len(data), data.count(b"def "), b"raise NotImplementedError" in data)
        print("read", p, got[p], flush=True)
    time.sleep(0.01)
print("read", len(got), "hand-ins; later reads through the held descriptors:")
for p, fd in fds.items():
    os.lseek(fd, 0, 0); d = os.read(fd, 1 << 22)
    print("  ", p, len(d), "bytes now")
