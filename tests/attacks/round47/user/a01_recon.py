"""a01: recon inside the sandbox as an ordinary user: ids, mounts, /proc allow list, what is writable, owners."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PAY = r'''
import os, subprocess, json
def _r(p, n=800):
    try: return open(p).read()[:n]
    except Exception as e: return "ERR " + repr(e)
print("ids", os.getuid(), os.geteuid(), os.getgid(), os.getgroups())
print("status", [l for l in _r("/proc/self/status", 4000).split("\n") if l.startswith(("Cap", "Seccomp", "NoNewPrivs", "Uid"))])
print("mounts", _r("/proc/self/mountinfo", 6000))
print("proc", sorted(os.listdir("/proc"))[:200])
print("uid_map", _r("/proc/self/uid_map"), _r("/proc/self/gid_map"))
print("cwd", os.getcwd(), os.listdir("."))
print("env", dict(os.environ))
for p in ["/proc/1/cmdline", "/proc/1/environ", "/proc/self/cgroup", "/proc/self/limits", "/proc/loadavg", "/proc/meminfo", "/proc/net/unix", "/proc/self/attr/current", "/proc/sys/kernel/pid_max"]:
    print(p, repr(_r(p, 600)))
import pwd
w = []
for base in ["/usr", "/opt", "/lib", "/etc", "/tmp", "/dev", "/proc/self", "/sys"]:
    for root, ds, fs in os.walk(base):
        if root.count("/") > 5: ds[:] = []
        for n in ds + fs:
            p = os.path.join(root, n)
            try:
                st = os.lstat(p)
                if st.st_uid == os.getuid() and not p.startswith(("/tmp", "/proc", "/dev/shm")): w.append(p)
            except Exception: pass
        if len(w) > 40: break
print("owned_by_me", len(w), w[:40])
print("ps", subprocess.run(["ps", "-eo", "pid,ppid,uid,sid,comm,args"], capture_output=True, text=True).stdout[:3000])
'''
d, r, sc = run_class("a01", "ps1_memory", {"mallory": with_payload("ps1_memory", "training_memory", PAY)})
print(outputs(d, "mallory", "ps1_memory")[:20000])
leaks(d)
