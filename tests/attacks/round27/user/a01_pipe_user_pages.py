"""a01 (ordinary user): pipes are counted per host user (fs.pipe-user-pages-soft, 16384 pages = 1024 default pipes);
past it every new pipe of that user gets one page (4 KiB) instead of 16. As the ordinary user every sandbox, the
grader and the next student's kernel are host uid 65534. The hostile ps1 kernel opens ~1,150 pipes (kernel + one
forked holder, each under the 1,280-file cap), reports the capacity (F_GETPIPE_SZ) of a new pipe before and after,
and holds them to the end of its notebook (the last quiz cell sleeps 40 s so that the next student's kernel, started
early, is built while they are held). Honest controls before (aaron) and after (zoe). Does zoe keep full marks, and in
how long?"""
import os, sys, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u27 import *

FLOOD = r'''
def training_memory(model, optimizer):
    return 0

import os, fcntl, time, resource
def _cap():
    r, w = os.pipe(); c = fcntl.fcntl(w, 1032); os.close(r); os.close(w); return c
_before = _cap()
_held = []
_pid = os.fork()
if _pid == 0:
    try:
        for _ in range(600):
            _held.append(os.pipe())
    except OSError:
        pass
    time.sleep(3000)
    os._exit(0)
try:
    for _ in range(560):
        _held.append(os.pipe())
except OSError as e:
    print("kernel pipes stopped:", e)
time.sleep(1)
print("PIPECAP before", _before, "after", _cap(), "held in kernel", len(_held),
      "NPROC", resource.getrlimit(resource.RLIMIT_NPROC), "NOFILE", resource.getrlimit(resource.RLIMIT_NOFILE))
'''
SLEEP = '''
import time; time.sleep(40)
q5 = "a"
'''
dest = course("a01", {("aaron", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"training_memory": FLOOD, "quiz_q5": SLEEP}),
                      ("zoe", "ps1_memory"): honest("ps1_memory")})
grade(dest, env=CANARY_ENV)
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"training_memory_counts_tensors"})
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    for o in c.get("outputs", []):
        if "PIPECAP" in (o.get("text") or ""):
            print("KERNEL:", o["text"])
print("host: processes of uid 65534 left:", subprocess.run(["pgrep", "-u", "65534", "-a", "."], capture_output=True, text=True).stdout or "none")
cleanup(dest)
