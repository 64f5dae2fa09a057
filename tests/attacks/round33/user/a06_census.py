"""a06: what the kernel can read of the host through files the sandbox leaves readable: bwrap's init command line
(/proc/1/cmdline: every --bind source and --setenv), mountinfo (bind sources), host-wide /proc files (locks, keys,
key-users), and whether any other student's name appears (aaron is graded before mallory, zoe after)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
cell = sol(A, "training_memory") + r'''
import os
def rd(p, n=6000):
    try: return open(p, "rb").read()[:n].decode("utf-8", "replace")
    except Exception as e: return repr(e)
out = {}
out["init_cmdline"] = rd("/proc/1/cmdline", 20000).replace("\0", " ")
out["self_cmdline"] = rd("/proc/self/cmdline").replace("\0", " ")
out["ps"] = {p: rd(f"/proc/{p}/cmdline", 400).replace("\0", " ") for p in os.listdir("/proc") if p.isdigit()}
out["mountinfo"] = rd("/proc/self/mountinfo", 20000)
for f in ("/proc/locks", "/proc/keys", "/proc/key-users", "/proc/sys/kernel/core_pattern", "/proc/self/cgroup"):
    out[f] = rd(f, 3000)
out["fds"] = {fd: (os.readlink(f"/proc/self/fd/{fd}") if os.path.exists(f"/proc/self/fd/{fd}") else "?") for fd in os.listdir("/proc/self/fd")}
blob = repr(out)
print("NAMES:", {n: blob.count(n) for n in ("aaron", "zoe", "mallory", "attack33", "secret", "AKIA")})
for k, v in out.items():
    print("==", k, str(v)[:3000])
'''
d = make_course("a06", A, {"mallory": {"training_memory": cell}})
r, el = grade(d, A)
scores(d, A)
o = outputs(d, "mallory", A, "training_memory")
open("tests/attacks/round33/user/a06.kernel_view.txt", "w").write(o)
print(o[:6000])
canary_scan(d)
