"""a02 again, but the kernel writes 0 into the oom_score_adj of every process it sees (bwrap init, the placeholder, itself),
before any check (so no observer yet); only the launchers outside stay at 1000. 2 GiB cgroup of mine around the run.
on a small stand-in host (a v1 memory cgroup of mine around the whole run) the OOM killer then picks by RSS:
the grader's fork server / template. What happens to the run, to mallory, to zoe, and to the exit status?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
import cg
LIMIT = int(sys.argv[1]) if len(sys.argv) > 1 else 0
PAYLOAD = r'''
import os, time
for p in ["/proc/%s/oom_score_adj" % q for q in os.listdir("/proc") if q.isdigit()]:
    try:
        open(p, "w").write("0"); print("adj now", p, open(p).read().strip())
    except OSError as e: print("adj", e)
buf = b"x" * (16 << 20)
got = {}
for folder in ("/tmp", "/dev/shm", os.getcwd()):
    n = 0
    for i in range(40):
        try:
            with open(os.path.join(folder, f"fill{i}"), "wb") as fh:
                for _ in range(8): fh.write(buf); n += 16
        except OSError as e:
            break
    got[folder] = n
print("filled MiB", got, flush=True)
time.sleep(5)
'''
if LIMIT == 0:
    cg.setup(20 * 2**30)
    d = course("a04c")
    for s in ("aaron", "mallory", "zoe"):
        hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
    r, out = cg.grade_in_cg(d, "ps1_memory")
    scores(d, "ps1_memory")
    sys.exit()
cg.setup(LIMIT)
# (no dmesg -C: the ring buffer is shared with the other tester; filter by UID:65534 instead)
d = course("a04")
hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", with_payload("ps1_memory", "training_memory", PAYLOAD)))
hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
r, out = cg.grade_in_cg(d, "ps1_memory")
scores(d, "ps1_memory")
cg.show(out, every=2)
cg.oom_events()
print(outputs(d, "mallory", "ps1_memory")[:600])
leaks(d)
