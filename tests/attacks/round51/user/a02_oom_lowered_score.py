"""Round 50's OOM fix as an ordinary user: the sandbox starts at oom_score_adj 1000 but may write 0 back (the
grader's own processes are at 0 too). Mallory's kernel sets 0 and fills its three tmpfs (memory in no resident set);
on a small stand-in host (a v1 memory cgroup of mine around the whole run) the OOM killer then picks by RSS:
the grader's fork server / template. What happens to the run, to mallory, to zoe, and to the exit status?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
import cg
LIMIT = int(sys.argv[1]) if len(sys.argv) > 1 else 0
PAYLOAD = r'''
import os, time
for p in ("/proc/self/oom_score_adj",):
    try:
        open(p, "w").write("0"); print("adj now", open(p).read().strip())
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
    d = course("a02c")
    for s in ("aaron", "mallory", "zoe"):
        hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
    r, out = cg.grade_in_cg(d, "ps1_memory")
    scores(d, "ps1_memory")
    sys.exit()
cg.setup(LIMIT)
# (no dmesg -C: the ring buffer is shared with the other tester; filter by UID:65534 instead)
d = course("a02")
hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", with_payload("ps1_memory", "training_memory", PAYLOAD)))
hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
r, out = cg.grade_in_cg(d, "ps1_memory")
scores(d, "ps1_memory")
cg.show(out, every=2)
cg.oom_events()
print(outputs(d, "mallory", "ps1_memory")[:600])
leaks(d)
