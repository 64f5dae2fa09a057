"""a06: a02 with a04's memory: three processes of mallory's each make a private futex hash of 2^24 slots (one prctl
call each, ~1 GiB of vmalloc'd kernel memory, no RSS), exec into `sleep`, and her cell sleeps (idle: zoe admitted).
Same 4-GiB "host" (parent memory cgroup). Who does the OOM killer pick?"""
import sys, os, subprocess
from common import *
HOST_GIB, NPROC, HOLD = 4, 3, 90
HOST = (__import__("os").environ.get("ATTACK_MEMORY_CGROUP") or "/sys/fs/cgroup/memory" + [l.split(":", 2)[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0]) + "/a50host"
open(HOST + "/memory.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
open(HOST + "/cgroup.procs", "w").write(str(os.getpid()))
CODE = f'''
q1 = "b"
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
for i in range({NPROC}):
    pid = os.fork()
    if pid == 0:
        libc.prctl(78, 1, 1 << 24, 0, 0)
        time.sleep({HOLD} + 30); os._exit(0)
time.sleep({HOLD})
'''
oom0 = open(HOST + "/memory.oom_control").read()
c = make_course("a06")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": CODE}))
hand_in(c, "zoe", honest())
hand_in(c, "zz_zoe2", honest())
grade(c, timeout=1500)
scores(c); times(c)
print("oom_control before:", oom0.replace("\n", " "), "after:", open(HOST + "/memory.oom_control").read().replace("\n", " "))
for l in [l for l in subprocess.run(["dmesg"], capture_output=True, text=True).stdout.split("\n") if "Killed process" in l][-3:]:
    print(l[:300])
