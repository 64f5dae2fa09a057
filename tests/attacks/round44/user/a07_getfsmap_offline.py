"""a07 (offline, as uid 65534 on the host): ext4's FS_IOC_GETFSMAP on any file one can open (a sandbox can open
the read-only /usr): does it need a capability, how long does one call take, what does it walk?"""
import fcntl, os, struct, time, sys
FS_IOC_GETFSMAP = 0xc0c0583b
HEAD = "=IIIIQQQQQQ"  # fmh_iflags, oflags, count, entries, reserved[6]
KEY = "=IIQQQQQQQ"    # fmr_device, flags, physical, owner, offset, length, reserved[3]
def call(path, count):
    fd = os.open(path, os.O_RDONLY)
    head = struct.pack("=IIII6Q", 0, 0, count, 0, *([0] * 6))
    lo = struct.pack("=IIQQQQ3Q", 0, 0, 0, 0, 0, 0, 0, 0, 0)
    hi = struct.pack("=IIQQQQ3Q", 0xffffffff, 0xffffffff, 2**64-1, 2**64-1, 2**64-1, 2**64-1, 0, 0, 0)
    buf = bytearray(head + lo + hi + bytes(len(lo) * count))
    t = time.perf_counter()
    try:
        fcntl.ioctl(fd, FS_IOC_GETFSMAP, buf)
        r = "ok"
    except OSError as e:
        r = repr(e)
    el = time.perf_counter() - t
    os.close(fd)
    entries = struct.unpack_from("=I", buf, 12)[0]
    return r, el, entries
for count in (0, 1000, 100000):
    print("count", count, call(sys.argv[1] if len(sys.argv) > 1 else "/usr/bin/env", count), flush=True)
