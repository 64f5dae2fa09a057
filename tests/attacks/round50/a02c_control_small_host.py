"""a02c: control for a02: the same 4 GiB "host" (parent memory cgroup), four honest students, nothing hostile."""
import sys, os, subprocess
from common import *
HOST_GIB = float(sys.argv[1]) if len(sys.argv) > 1 else 4
HOST = (__import__("os").environ.get("ATTACK_MEMORY_CGROUP") or "/sys/fs/cgroup/memory" + [l.split(":", 2)[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0]) + "/a50host"
os.makedirs(HOST, exist_ok=True)
open(HOST + "/memory.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
open(HOST + "/cgroup.procs", "w").write(str(os.getpid()))
oom0 = open(HOST + "/memory.oom_control").read()
c = make_course("a02c")
for s in ("aaron", "mallory_honest", "zoe", "zz_zoe2"):
    hand_in(c, s, honest())
grade(c, timeout=1500)
scores(c); times(c)
print("host max usage MiB", int(open(HOST + "/memory.max_usage_in_bytes").read()) >> 20,
      "oom_control before:", oom0.replace("\n", " "), "after:", open(HOST + "/memory.oom_control").read().replace("\n", " "))
