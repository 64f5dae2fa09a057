"""a07: who would the host's OOM killer pick while a class is graded? Host-side snapshot of /proc/<pid>/oom_score
(and oom_score_adj, RSS) of every process of the grading run (root's grader processes, the template, the sandboxes'
kernels and observers) in the middle of an honest student's grading. Plus MemTotal against the admission's
worst case (2 x workers x the 6-GiB cap, workers defaulting to the core count)."""
import os, time, threading, subprocess
from common import *
snap = []
def snapper(course):
    time.sleep(12)
    rows = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit(): continue
        try:
            cmd = open(f"/proc/{pid}/cmdline").read().replace("\0", " ")
            if "attack50-root" not in cmd and "grader.zygote" not in cmd and "ipykernel" not in open(f"/proc/{pid}/comm").read() \
               and "observer" not in open(f"/proc/{pid}/comm").read():
                continue
            score = int(open(f"/proc/{pid}/oom_score").read()); adj = int(open(f"/proc/{pid}/oom_score_adj").read())
            rss = int(open(f"/proc/{pid}/statm").read().split()[1]) * 4096 >> 20
            uid = [l.split()[1] for l in open(f"/proc/{pid}/status") if l.startswith("Uid")][0]
            rows.append((score, adj, rss, uid, pid, open(f"/proc/{pid}/comm").read().strip(), cmd[:90]))
        except OSError:
            pass
    snap.extend(sorted(rows, reverse=True))
c = make_course("a07")
for s in ("aaron", "zoe", "zz_zoe2"):
    hand_in(c, s, honest())
th = threading.Thread(target=snapper, args=(c,)); th.start()
grade(c); th.join(); scores(c)
print("oom_score adj RSS_MiB uid pid comm cmdline  (highest first: the OOM killer's order)")
for r in snap[:25]:
    print(*r)
mt = [int(l.split()[1]) >> 20 for l in open("/proc/meminfo") if l.startswith("MemTotal")][0]
print(f"MemTotal {mt} GiB; cores {os.cpu_count()}; worst case admitted: 2 x {os.cpu_count()} x 6 GiB = {2 * os.cpu_count() * 6} GiB")
