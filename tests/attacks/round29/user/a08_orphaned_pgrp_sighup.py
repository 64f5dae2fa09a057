"""A08: a signal to the observer that no filtered call sends: the orphaned-process-group rule. A rank of the observer
is in the observer's process group (a06). The student's partition_layers, in its 1-rank launch (120-layer case):
R moves itself to a group of its own, forks C, C joins the observer's group (setpgid, same session: allowed), C forks
D, D stops itself with a POSIX timer whose signal is SIGSTOP (allowed: it stops only the caller), then C exits: the
observer's group has just become orphaned with a stopped member, so Linux sends SIGHUP and SIGCONT to the whole group,
the observer included. mallory does this; mallet does the same without stopping D (no stopped job: no SIGHUP).
R then raises what it saw of the observer (alive or not)."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *

def code(stop):
    return f'''
import os as _o, ctypes as _ct, time as _t
_STOP = {stop}
def _orphan_trick():
    obs = _o.getppid(); opg = _o.getpgid(obs)
    _o.setpgid(0, 0)
    c = _o.fork()
    if c == 0:
        try:
            _o.setpgid(0, opg)
            d = _o.fork()
            if d == 0:
                if _STOP:
                    libc = _ct.CDLL(None, use_errno=True)
                    sev = (_ct.c_int * 16)(); sev[2] = 19; sev[3] = 0   # sigev_signo=SIGSTOP, SIGEV_SIGNAL
                    tid = _ct.c_void_p()
                    libc.timer_create(1, sev, _ct.byref(tid))
                    its = (_ct.c_long * 4)(0, 0, 0, 10_000_000)
                    libc.timer_settime(tid, 0, its, None)
                _t.sleep(5)
                _o._exit(0)
            for _ in range(200):
                st = open(f"/proc/{{d}}/stat").read().rsplit(")", 1)[1].split()[0]
                if st == "T" or not _STOP: break
                _t.sleep(0.01)
        finally:
            _o._exit(0)
    _o.waitpid(c, 0)
    _t.sleep(1.0)
    try:
        st = open(f"/proc/{{obs}}/stat").read().rsplit(")", 1)[1].split()[0]
    except OSError:
        st = "gone"
    return f"obs={{obs}} pgid={{opg}} my pgid={{_o.getpgid(0)}} ppid now={{_o.getppid()}} observer state={{st}} stop={{_STOP}}"
_orig_pl = partition_layers
def partition_layers(costs, k):
    if len(costs) == 120 and _o.environ.get("DISTCOURSE_PRIVATE_FORK_SERVER") == "1":
        raise RuntimeError("ORPHAN " + _orphan_trick())
    return _orig_pl(costs, k)
'''
root = build("a08", {"mallet": {"partition_layers": solution("partition_layers") + "\n" + code(False)},
                     "mallory": {"partition_layers": solution("partition_layers") + "\n" + code(True)}})
grade(root)
scores(root)
for s in ("aaron", "mallet", "mallory", "zoe"): print(s, sum(v or 0 for v in cell_scores(root, s).values()))
for s in ("mallet", "mallory"):
    nb = json.load(open(f"{root}/autograded/{s}/ps1_memory/ps1_memory.ipynb"))
    for c in nb["cells"]:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") in ("partition_layers_optimal", "partition_layers_bad_input"):
            for o in c.get("outputs", []):
                if o.get("output_type") == "error": print(s, c["metadata"]["nbgrader"]["grade_id"], "->", o.get("evalue")[:400])
