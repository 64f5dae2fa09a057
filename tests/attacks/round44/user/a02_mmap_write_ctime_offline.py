"""a02 (offline half): round 43 times a notebook by its own change time (ctime). Does a write through a shared
mapping made before the deadline move the file's ctime? On tmpfs (no writeback, no page_mkwrite) and on ext4
(page_mkwrite updates the time at the first write fault of a clean page; writeback cleans pages after ~30 s)."""
import mmap, os, sys, time
for base in sys.argv[1:]:
    p = os.path.join(base, "a02-nb.ipynb")
    with open(p, "wb") as f:
        f.write(b'{"draft": "' + b" " * 8000 + b'"}')
    fd = os.open(p, os.O_RDWR)
    m = mmap.mmap(fd, 0, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
    m[0:1] = m[0:1]  # first write fault now, "before the deadline"
    c0 = os.stat(p).st_ctime
    print(base, "ctime after first touch", c0)
    time.sleep(45)  # past dirty_expire (30 s) + writeback interval (5 s)
    m[11:19] = b"FINISHED"  # "after the deadline"
    m.flush() if base.startswith("/dev/shm") else None
    c1 = os.stat(p).st_ctime
    print(base, "ctime after late write", c1, "moved:", c1 != c0, "content:", open(p, "rb").read()[:20])
    m.close(); os.close(fd); os.unlink(p)
