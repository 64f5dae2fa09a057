"""a03 (ordinary user): the sandbox's tmpfs mounts (/tmp, /dev/shm, the work folder) are capped in SIZE (512 MiB each,
bwrap --size) but not in INODES: bwrap's tmpfs gets the kernel's default nr_inodes, half the host's RAM pages (3.08
million here).  Empty files use no block of the size cap, yet each one pins an inode and a dentry (~1.3 KiB of
kernel slab with a 200-byte name, measured as root in a scratch tmpfs: 200,000 files, Slab +248 MiB), which no rlimit
(RLIMIT_DATA) counts and, as an ordinary user, no cgroup holds.  Three such mounts per sandbox: ~11 GiB of kernel
memory for one submission, past the 6 GiB cap and the 512 MiB tmpfs caps.  The cell forks two children (one for
/tmp, one for /dev/shm) that create empty files while later cells sleep; each cell prints the host's Slab.
Safety: the children stop when the host's MemAvailable falls under 6 GiB.
RESULT: see a03.out.txt and the bottom of this file."""
from u9 import *

START = r'''
import os, time
def _mi():
    m = {l.split(":")[0]: int(l.split()[1]) for l in open("/proc/meminfo")}
    return m
_M0 = _mi()
def _report(tag):
    m = _mi()
    out = []
    for d in ("/tmp", "/dev/shm"):
        st = os.statvfs(d)
        out.append(f"{d}: used {(st.f_blocks-st.f_bfree)*st.f_frsize>>20} MiB of {st.f_blocks*st.f_frsize>>20} MiB, inodes used {st.f_files-st.f_ffree}")
    print(f"A03 {tag}: host Slab +{(m['Slab']-_M0['Slab'])>>10} MiB (SReclaimable {m['SReclaimable']>>10} MiB) MemAvailable {m['MemAvailable']>>10} MiB; " + "; ".join(out), flush=True)
_kids = []
for d in ("/tmp", "/dev/shm"):
    pid = os.fork()
    if pid == 0:
        try:
            os.setsid()
            base = os.path.join(d, "f"); os.makedirs(base, exist_ok=True)
            name = "x" * 200; i = 0
            t_end = time.time() + 420
            while time.time() < t_end:
                try:
                    os.mknod(f"{base}/{name}{i}")
                except OSError:
                    break            # ENOSPC: the tmpfs's inodes are all taken
                i += 1
                if i % 50000 == 0:
                    if int(open("/proc/meminfo").read().split("MemAvailable:")[1].split()[0]) < 6 << 20:
                        break
        finally:
            os._exit(0)
    _kids.append(pid)
_report("started")
'''
WAIT = r'''
time.sleep(110)
_report("after 110 s more")
'''

if __name__ == "__main__":
    # (the setup cell is locked: nbgrader restores it, so the start goes into the first solution cell)
    nb = notebook(append={"training_memory": START, "per_device_memory": WAIT, "partition_layers": WAIT,
                          "split_model": WAIT})
    dest, p = ugrade("a03", {"inodes": nb})
    import json as _j
    for c in _j.load(open(f"{dest}/autograded/inodes/ps1_memory/ps1_memory.ipynb"))["cells"]:
        for o in c.get("outputs", []):
            t = "".join(o.get("text", "")) if isinstance(o.get("text"), (list, str)) else ""
            if "A03" in t:
                print(t)
    print("host meminfo after grading:", [l for l in open("/proc/meminfo") if l.split(":")[0] in ("Slab", "MemAvailable")])
# RESULT (13:07-13:13 UTC, uid 65534, --workers 1, no cgroups): BROKEN.  Within the first 110 s both children hit the
# tmpfs inode limit:
#   "A03 after 110 s more: host Slab +7699 MiB (SReclaimable 3443 MiB) MemAvailable 16419 MiB; /tmp: used 0 MiB of
#    512 MiB, inodes used 3085457; /dev/shm: used 0 MiB of 512 MiB, inodes used 3085457"
# (started: Slab +2 MiB, MemAvailable 22318 MiB).  Host MemFree fell to 4.2 GB (MemAvailable overstates: tmpfs
# dentries/inodes count as reclaimable but cannot be reclaimed while the tmpfs lives).  7.5 GiB of kernel memory
# held by one submission for its whole grading (347 s), past the 6 GiB memory cap and with 0 bytes of the 512 MiB
# tmpfs caps used; the work folder's tmpfs (a third 3.08M inodes) was left unused.  Released when the sandbox ended
# (Slab 1.40 GB after).  Score 0/30 (own only).  Fix: bwrap has no nr_inodes option; mount the tmpfs with
# nr_inodes=... (e.g. from the launcher, as root, or a size-derived --size plus a per-sandbox inode cap), or
# grade as root with cgroups (slab is charged to the memory cgroup: dentries/inodes are __GFP_ACCOUNT).
