"""a09 (mechanism, on this host): a08 showed a kernel may put user xattrs on its tmpfs files. Are they charged to
the memory cgroup (the cap that holds a root grader's sandboxes), and bounded by the tmpfs's size/inodes? A tmpfs
like the sandbox's (size=512M, nr_inodes=65536); a child in a v1 memory cgroup capped at 64 MiB, as uid 65534,
writes 60,000-byte user xattrs onto many files until refused; usage of the group and the error are printed."""
import os, subprocess, sys, time, errno
MNT = "/tmp/attack46-root-a09-mnt"; CG = "/sys/fs/cgroup/memory/attack46-a09"
os.makedirs(MNT, exist_ok=True)
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512M,nr_inodes=65536,mode=1777", "tmpfs", MNT], check=True)
os.makedirs(CG, exist_ok=True)
open(f"{CG}/memory.limit_in_bytes", "w").write(str(64 << 20))
pid = os.fork()
if pid == 0:
    open(f"{CG}/cgroup.procs", "w").write(str(os.getpid()))
    os.setgid(65534); os.setuid(65534)
    n = total = 0
    try:
        for f in range(100000):
            p = f"{MNT}/f{f}"; open(p, "w").close()
            for k in range(1000):
                os.setxattr(p, f"user.{k}", b"v" * 60000); n += 1; total += 60000
    except OSError as e:
        print(f"child: stopped after {n} xattrs, {total / 2**20:.1f} MiB of values: {errno.errorcode.get(e.errno)}", flush=True)
    time.sleep(1)
    os._exit(0)
time.sleep(0.01)
peak = 0
while os.waitpid(pid, os.WNOHANG) == (0, 0):
    peak = max(peak, int(open(f"{CG}/memory.usage_in_bytes").read())); time.sleep(0.05)
print(f"cgroup usage peak {peak / 2**20:.1f} MiB (cap 64 MiB); failcnt {open(f'{CG}/memory.failcnt').read().strip()}")
print("tmpfs df:", subprocess.run(["df", "-h", MNT], capture_output=True, text=True).stdout.splitlines()[-1])
subprocess.run(["umount", MNT]); os.rmdir(MNT); os.rmdir(CG)
