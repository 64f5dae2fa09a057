"""a11 (offline, uid 65534): what FS_IOC_GETFSMAP (a07) tells an unprivileged reader (a sandbox can call it too, a09):
the file system's free space extent by extent. Take it, let another user (root, standing in for the TA) write 64 MiB
to a new file in /root and sync, take it again: do the other user's new blocks show?"""
import fcntl, os, struct, subprocess, sys, time
REC = "=IIQQQQ3Q"; RS = struct.calcsize(REC)
def free_extents():
    n = 200000
    head = struct.pack("=IIII6Q", 0, 0, n, 0, *([0]*6))
    lo = struct.pack(REC, *([0]*9)); hi = struct.pack(REC, 0xffffffff, 0xffffffff, 2**64-1, 2**64-1, 2**64-1, 2**64-1, 0, 0, 0)
    buf = bytearray(head + lo + hi + bytes(RS * n))
    fd = os.open("/usr/bin/env", os.O_RDONLY); fcntl.ioctl(fd, 0xc0c0583b, buf); os.close(fd)
    k = struct.unpack_from("=I", buf, 12)[0]; base = len(head) + 2 * RS
    out = {}
    for i in range(k):
        dev, flags, phys, owner, off, length, *_ = struct.unpack_from(REC, buf, base + i * RS)
        if owner == 1:  # FMR_OWN_FREE
            out[phys] = length
    return out
a = free_extents()
print("free bytes before: %d in %d extents" % (sum(a.values()), len(a)), flush=True)
open("/tmp/a11-go", "w").close()
while os.path.exists("/tmp/a11-go"): time.sleep(0.2)
b = free_extents()
print("free bytes after the other user's write: %d in %d extents; change %+d MiB" % (sum(b.values()), len(b), (sum(b.values()) - sum(a.values())) // 2**20))
changed = sorted(set(a.items()) ^ set(b.items()))[:6]
print("some extents that changed (physical byte offset, length):", changed)
