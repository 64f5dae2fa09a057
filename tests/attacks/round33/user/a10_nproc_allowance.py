"""a10: as an ordinary user the sandbox's process cap is RLIMIT_NPROC = (processes of the user now, counted from
/proc entries) + 256; Linux counts every task (thread) of the user against it. How many tasks can a kernel start,
and does the observer still get its checks' children afterwards (a daemon holds them through the notebook)?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
cell = sol(A, "training_memory") + r'''
import threading, resource, time, os
ev = threading.Event(); n = 0; err = None
try:
    while n < 5000:
        t = threading.Thread(target=ev.wait, daemon=True); t.start(); n += 1
except Exception as e:
    err = repr(e)
print("NPROC", resource.getrlimit(resource.RLIMIT_NPROC), "threads started", n, "then", err, flush=True)
'''
d = make_course("a10", A, {"mallory": {"training_memory": cell}})
r, el = grade(d, A)
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:400])
canary_scan(d)
