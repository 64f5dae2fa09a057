"""a02b: contrast for a02: the same 4 GiB "host", mallory holds the same 2.8 GiB as ordinary memory of her kernel
(a bytearray: RSS the OOM killer sees). Expected: the OOM killer picks her kernel and the others are untouched."""
import sys, os, subprocess
from common import *
HOST_GIB, TARGET_GIB, HOLD = 4, 2.8, 90
HOST = (__import__("os").environ.get("ATTACK_MEMORY_CGROUP") or "/sys/fs/cgroup/memory" + [l.split(":", 2)[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0]) + "/a50host"
open(HOST + "/memory.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
open(HOST + "/cgroup.procs", "w").write(str(os.getpid()))
CODE = f'''
q1 = "b"
import time
_hog = bytearray(int({TARGET_GIB} * 2**30))
for i in range(0, len(_hog), 4096):
    _hog[i] = 1
print("holding", len(_hog) >> 20, "MiB as RSS")
time.sleep({HOLD})
'''
oom0 = open(HOST + "/memory.oom_control").read()
dmesg0 = subprocess.run(["dmesg"], capture_output=True, text=True).stdout.count("\n")
c = make_course("a02b")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": CODE}))
hand_in(c, "zoe", honest())
hand_in(c, "zz_zoe2", honest())
grade(c, timeout=1500)
scores(c); times(c); quiz_output(c)
print("oom_control before:", oom0.replace("\n", " "), "after:", open(HOST + "/memory.oom_control").read().replace("\n", " "))
for l in subprocess.run(["dmesg"], capture_output=True, text=True).stdout.split("\n")[dmesg0:]:
    if "Killed process" in l or "oom-kill:" in l:
        print(l[:400])
