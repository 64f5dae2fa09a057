"""A13: two leads in one run. mallory: a check's child raises /proc/1/oom_score_adj (the observer sandbox's holder,
dumpable) and the observer's own (/proc/<ppid>) to 1000, reports in an exception. mallet: the kernel writes C1
controls as UTF-8 (U+009B CSI "2J", U+009D OSC title) and a bidi override (U+202E) on its stdout, then sleeps past
--submission-timeout 40: are those escaped in the kept log?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

TM_OOM = r'''
import os
_KPID = os.getpid()
def training_memory(model, optimizer):
    if os.getpid() != _KPID:
        out = []
        for p in ("1", str(os.getppid()), "self"):
            try:
                open(f"/proc/{p}/oom_score_adj", "w").write("1000")
                out.append((p, open(f"/proc/{p}/oom_score_adj").read().strip()))
            except OSError as e:
                out.append((p, e.errno))
        raise RuntimeError("DIAG " + repr(out))
    seen = {id(p): p for p in model.parameters()}
    w = sum(p.numel() * p.element_size() for p in seen.values())
    g = sum(p.grad.numel() * p.grad.element_size() for p in seen.values() if p.grad is not None)
    s = sum(v.numel() * v.element_size() for st in optimizer.state.values() for v in st.values() if hasattr(v, "numel"))
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + g + s}
'''
TM_C1 = r'''
import os, time
os.write(1, "C1TEST \u009b2J \u009d0;T\u009c \u202eexcilffo\n".encode())
while True:
    time.sleep(1)
'''
root = build("a13", {"mallory": {"training_memory": TM_OOM}, "mallet": {"training_memory": TM_C1}})
grade(root, extra=("--submission-timeout", "40"))
scores(root)
for s in ("aaron", "mallet", "mallory", "zoe"): print(s, cell_scores(root, s))
import subprocess, glob
print(subprocess.run("grep -rhoa 'DIAG \\[[^<]*' " + root + "/feedback | head -1", shell=True, capture_output=True, text=True).stdout)
for f in glob.glob(root + "/grading_logs/*/*.log"):
    for line in open(f, "rb").read().split(b"\n"):
        if b"C1TEST" in line:
            print(f, repr(line))
