"""a04 (ordinary user): a submission stopped by --submission-timeout (a TA's option; 25 s here) while its
observer is in the middle of a check: the check's child (ps1 partition_layers, hidden check) starts a setsid'd,
double-forked grandchild that renames itself and spins, then itself spins (calls may take 120 s); the kernel has
left a setsid'd daemon of its own. Is everything of it gone when the grading command ends (processes of uid 65534 on
the host, sampled for 10 s after), and does the honest student after it (zoe) keep full marks?"""
import os, sys, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u27 import *

ANSWER = r'''
def partition_layers(costs, k):
    import os, ctypes, time
    if os.getppid() <= 0:
        return []
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            try:
                ctypes.CDLL(None).prctl(15, b"a04-orphan", 0, 0, 0)
            except Exception:
                pass
            while True:
                time.sleep(0.01)
        os._exit(0)
    while True:
        pass
'''
DAEMON = r'''
def training_memory(model, optimizer):
    return 0
import os, ctypes, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        ctypes.CDLL(None).prctl(15, b"a04-kdaemon", 0, 0, 0)
        while True:
            time.sleep(0.05)
    os._exit(0)
'''
dest = course("a04", {("aaron", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"training_memory": DAEMON, "partition_layers": ANSWER}),
                      ("zoe", "ps1_memory"): honest("ps1_memory")})
grade(dest, extra=["--submission-timeout", "25"], env=CANARY_ENV)
report(dest)
s = scores(dest)
for i in range(5):
    left = subprocess.run(["pgrep", "-u", "65534", "-a", "."], capture_output=True, text=True).stdout
    print(f"host, {2*i} s after: processes of uid 65534:", left.strip() or "none")
    time.sleep(2)
cleanup(dest)
