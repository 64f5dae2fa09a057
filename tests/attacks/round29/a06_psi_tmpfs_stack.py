"""a06: a05 three times in a row (mallory1-3, each also fills its own folder: up to 1.35 GB of tmpfs each), then zoe: do the leftovers of hostile submissions stack up on the host while later ones are graded? a05: a dying sandbox keeps its tmpfs. mallory's kernel, in its last answer cell, writes 450 MB into /tmp and 450 MB
into /dev/shm (its 512 MiB tmpfs caps), then forks 150 holders of 1,200 PSI triggers each and the notebook ends. Each
holder frees its own memory at once when killed, but closes its triggers one synchronize_rcu at a time, and the
sandbox's mount namespace (and so its tmpfs) lives until the last holder is gone: does ~900 MB stay allocated on the
host after mallory's grading, while the next submission (zoe) is graded under a fresh 6 GiB cap? Host monitor:
MemAvailable, Shmem, processes of sandbox uids 65470-65533 (not 65534: another tester's), kmalloc-128."""
import os, re, sys, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

CODE = r'''
def _fill_and_hold(n=150, per=1200):
    import os, resource, time
    for path in ("/tmp/fill", "/dev/shm/fill", "fill"):
        with open(path, "wb") as fh:
            for _ in range(45):
                fh.write(os.urandom(10 * 2**20))
    resource.setrlimit(resource.RLIMIT_NOFILE, (1280, 1280))
    made = 0
    for _ in range(n):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            try:
                for i in range(per):
                    fd = os.open(("/proc/pressure/memory", "/proc/pressure/io", "/proc/pressure/cpu")[i % 3], os.O_RDWR | os.O_NONBLOCK)
                    os.write(fd, b"some 150000 2000000\0")
            except OSError:
                pass
            while True:
                time.sleep(1000)
        made += 1
    return made
'''
sol = solutions()
kernel_code = sol["two_stage_step"] + "\n" + CODE + "\nprint('HOLDERS', _fill_and_hold())\nimport time; time.sleep(5)\n"

samples, stop = [], [False]
def meminfo():
    m = open("/proc/meminfo").read()
    g = lambda k: int(re.search(rf"^{k}:\s+(\d+)", m, re.M).group(1)) // 1024
    return g("MemAvailable"), g("Shmem")
def kmalloc128():
    for line in open("/proc/slabinfo"):
        f = line.split()
        if f[0] == "kmalloc-128":
            return int(f[1]) * int(f[3]) // 1024
def monitor():
    t0 = time.time()
    while not stop[0]:
        by = {}
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    uid = os.stat(f"/proc/{pid}").st_uid
                    if 65470 <= uid <= 65533:
                        by[uid] = by.get(uid, 0) + 1
                except OSError:
                    pass
        samples.append((round(time.time() - t0), *meminfo(), kmalloc128(), dict(sorted(by.items()))))
        time.sleep(3)
threading.Thread(target=monitor, daemon=True).start()
root, p = course("a06", "ps1_memory", {m: {"two_stage_step": kernel_code} for m in ("mallory1", "mallory2", "mallory3")})
t_end = time.time()
while time.time() - t_end < 150:
    time.sleep(5)
    if samples and not any(u for u in samples[-1][4] if u != 65534) and time.time() - t_end > 20:
        break
stop[0] = True
print("scores:", scores(root))
print("report:", [(r.get("student"), r.get("status"), round(r.get("seconds") or 0, 1)) for r in report(root)] if isinstance(report(root), list) else report(root))
for i, t in [x for m in ("mallory1","mallory2","mallory3") for x in outputs(root, m, grep="HOLDERS")]:
    print(f"--- mallory cell {i}: {t[:300]}")
print("monitor (t s, MemAvailable MB, Shmem MB, kmalloc-128 kB, sandbox-uid processes by uid):")
for s in samples:
    print(s)
