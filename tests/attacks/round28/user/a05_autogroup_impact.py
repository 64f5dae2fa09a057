"""A05: impact. mallory = spinners + /proc/1/autogroup nice 19 from the check's child; mallet = the same spinners
without the nice (the fair baseline). Compare grading seconds and per-check observer latency.
A02: starve the observer through /proc/<pid>/autogroup (a session's CFS nice), a route the seccomp filter does not
see: sched_autogroup_enabled=1 and the cpu cgroup is the root one, so autogroups are live. The check's child (which
runs the student's unpickled training_memory in the observer's sandbox) writes "19" into /proc/self/autogroup and
/proc/<ppid>/autogroup; the kernel keeps two spinner processes running. A host-side monitor (root) records every
process whose autogroup has a non-zero nice, to see WHOSE session got niced (the observer's only, or the grader's)."""
import sys, threading, time, glob; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

TM = '''
import os, time
_KPID = os.getpid()
def _spin():
    for _ in range(2):
        if os.fork() == 0:
            t = time.time()
            while time.time() - t < 600:
                pass
            os._exit(0)
_spin()

def _nice_the_session():
    for p in ("1",):
        try:
            with open(f"/proc/{p}/autogroup", "w") as f:
                f.write("19")
        except OSError as e:
            pass

def training_memory(model, optimizer):
    if os.getpid() != _KPID:
        _nice_the_session()
    seen = set()
    w = 0
    for p in model.parameters():
        if id(p) not in seen:
            seen.add(id(p)); w += p.numel() * p.element_size()
    g = sum(p.grad.numel() * p.grad.element_size() for p in {id(p): p for p in model.parameters()}.values() if p.grad is not None)
    s = 0
    for st in optimizer.state.values():
        for v in st.values():
            if hasattr(v, "numel"):
                s += v.numel() * v.element_size()
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + g + s}
'''

log = []
stop = False
def monitor():
    seen = {}
    while not stop:
        for f in glob.glob("/proc/[0-9]*/autogroup"):
            try:
                ag = open(f).read().strip()
                if not ag.endswith("nice 0"):
                    pid = f.split("/")[2]
                    cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ")[:150].decode(errors="replace")
                    uid = [l for l in open(f"/proc/{pid}/status") if l.startswith("Uid")][0].split()[1]
                    key = (pid, ag)
                    if key not in seen:
                        seen[key] = 1
                        log.append(f"{time.strftime('%H:%M:%S')} pid={pid} uid={uid} {ag} :: {cmd}")
            except OSError:
                pass
        time.sleep(0.3)

print("my autogroup:", open("/proc/self/autogroup").read().strip())
root = build("a05", {"mallory": {"training_memory": TM}, "mallet": {"training_memory": TM.replace("_nice_the_session()\n", "pass\n", 1).replace("    if os.getpid() != _KPID:\n        pass", "    pass")}})
th = threading.Thread(target=monitor); th.start()
try:
    grade(root)
finally:
    stop = True; th.join()
scores(root)
for s in ("aaron", "mallet", "mallory", "zoe"): print(s, cell_scores(root, s))
print("non-zero autogroup nice seen:")
print("\n".join(log[:60]))
print("my autogroup after:", open("/proc/self/autogroup").read().strip())
