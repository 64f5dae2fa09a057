"""a02 (ordinary user): RLIMIT_NPROC (267 in the sandbox) counts every process and thread of the host user, and as
the ordinary user all sandboxes, the observer and the next student's kernel are host uid 65534. The hostile ps1
kernel forks sleeping processes until fork fails (filling the user's count), reports how many, and holds them through
a 40-s last cell, so that whatever of the next student's grading starts while it runs (its kernel started early, its
observer, torch's threads) finds the user's count full. Honest controls before (aaron) and after (zoe)."""
import os, sys, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u27 import *

FILL = r'''
def training_memory(model, optimizer):
    return 0

import os, time
_n = 0
_err = None
while _n < 400:
    try:
        _p = os.fork()
    except OSError as e:
        _err = e; break
    if _p == 0:
        time.sleep(300); os._exit(0)
    _n += 1
print("NPROCFILL forked", _n, "then", _err)
'''
SLEEP = '''
import time, os
time.sleep(40)
print("NPROCFILL still here at the end")
q5 = "a"
'''
dest = course("a02", {("aaron", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"training_memory": FILL, "quiz_q5": SLEEP}),
                      ("zoe", "ps1_memory"): honest("ps1_memory")})
import threading
peak = [0]
def watch():
    while not done:
        n = len(subprocess.run(["ps", "-L", "-u", "65534", "-o", "pid="], capture_output=True, text=True).stdout.split())
        peak[0] = max(peak[0], n); time.sleep(1)
done = False
t = threading.Thread(target=watch); t.start()
grade(dest, env=CANARY_ENV)
done = True; t.join()
print("peak tasks (threads included) of uid 65534 on the host:", peak[0])
report(dest)
s = scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    for o in c.get("outputs", []):
        if "NPROCFILL" in (o.get("text") or ""):
            print("KERNEL:", o["text"])
time.sleep(2)
print("host: processes of uid 65534 left:", subprocess.run(["pgrep", "-u", "65534", "-a", "."], capture_output=True, text=True).stdout or "none")
cleanup(dest)
