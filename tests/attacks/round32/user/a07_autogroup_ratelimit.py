"""a07: Linux rate-limits unprivileged writes of an autogroup's nice (/proc/<pid>/autogroup) with ONE static,
host-wide timer (sched_autogroup: `next = HZ/10 + jiffies`, EAGAIN before it). A daemon of mallory's kernel writes
its own /proc/self/autogroup in a tight loop for 25 s; a host process (uid 65534, outside any sandbox) tries to set
its own every 20 ms. Does the sandbox take the host's whole allowance?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
import subprocess
A = "ps1_memory"
code = r'''
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork(): os._exit(0)
    end = time.time() + 25; n = 0
    while time.time() < end:
        try:
            with open("/proc/self/autogroup", "w") as fh: fh.write("0")
            n += 1
        except OSError:
            pass
    os._exit(0)
time.sleep(12)
''' + sol(A, "training_memory")
d = make_course("a07", A, {"mallory": {"training_memory": code}})
log = "/tmp/attack32-user-a07-ag.txt"; open(log, "w").close(); os.chmod(log, 0o666)
samp = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
                         sys.executable, "tests/attacks/round32/user/ag_sampler.py", "300", log])
grade(d, A)
samp.kill()
scores(d, A)
rep = json.load(open(f"{d}/grading_report.json"))
print("TIMES:", [(o["student"], o["status"], round(o["seconds"], 1)) for o in rep])
rows = open(log).read().splitlines()
print("AG sampler rows:", len(rows))
import re
vals = [(l, int(re.search(r"ok=(\d+)", l)[1]), int(re.search(r"EAGAIN=(\d+)", l)[1])) for l in rows]
starved = [l for l, ok, ea in vals if ok == 0 and ea > 0]
print("seconds with 0 successes:", len(starved)); print("\n".join(rows[:3] + ["..."] + starved[:5] + ["..."] + rows[-3:]))
