"""a03: may a sandbox take itself out of the OOM killer's first choice (oom_score_adj 1000, round 50)? Lower its own
score (new and legacy files), its children's, bwrap init's; a process started by exec of a setuid-less binary;
a thread; and may it raise a neighbour's? Printed from mallory's quiz cell; controls graded beside."""
from common import *
CODE = r'''
q1 = "b"
import os, subprocess, threading
def rd(p):
    try: return open(p).read().strip()
    except OSError as e: return repr(e)
def wr(p, v):
    try:
        with open(p, "w") as f: f.write(str(v))
        return "ok -> " + rd(p)
    except OSError as e: return repr(e)
print("self adj", rd("/proc/self/oom_score_adj"), "legacy", rd("/proc/self/oom_adj"), "score", rd("/proc/self/oom_score"))
for v in (999, 0, -1000):
    print("write adj", v, wr("/proc/self/oom_score_adj", v))
for v in (0, -17):
    print("write legacy adj", v, wr("/proc/self/oom_adj", v))
print("pid1", rd("/proc/1/cmdline")[:40], "adj", rd("/proc/1/oom_score_adj"), wr("/proc/1/oom_score_adj", 0))
c = subprocess.run(["/bin/sh", "-c", "echo 0 > /proc/self/oom_score_adj; cat /proc/self/oom_score_adj"], capture_output=True, text=True)
print("child sh", c.stdout.strip(), c.stderr.strip()[:200])
tid = threading.get_native_id()
print("task file", wr(f"/proc/self/task/{tid}/oom_score_adj", 0))
mine = [p for p in os.listdir("/proc") if p.isdigit()]
print("processes visible", len(mine), [(p, rd(f"/proc/{p}/comm"), rd(f"/proc/{p}/oom_score_adj")) for p in mine][:20])
'''
c = probe_run("a03", CODE)
