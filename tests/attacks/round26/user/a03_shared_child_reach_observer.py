"""a03 (ordinary user): from the shared child of a check's calls (ps1 partition_layers run by the hidden check),
try to reach the observer that forked it and is waiting on it: its memory (/proc/<ppid>/mem read at the heap),
its descriptors (/proc/<ppid>/fd/*, reopened), its environment, signals to it (SIGSTOP, to stall it), and
whether a write on the child's own inherited pipe fd (fd 6, the child's result pipe) before the real result can
make the observer take a forged result. The child then raises with what it saw. Honest control beside it."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u26 import *

ANSWER = r'''
def partition_layers(costs, k):
    import os, json, signal
    info = {}
    pp = os.getppid(); info["ppid"] = pp
    try:
        info["ppid_cmd"] = open(f"/proc/{pp}/cmdline", "rb").read()[:200].decode(errors="replace")
    except Exception as e:
        info["ppid_cmd"] = repr(e)
    for what in ("environ", "mem", "maps"):
        try:
            with open(f"/proc/{pp}/{what}", "rb") as fh:
                info[what] = len(fh.read(4096))
        except Exception as e:
            info[what] = repr(e)[:80]
    fds = {}
    try:
        for fd in os.listdir(f"/proc/{pp}/fd"):
            try:
                x = os.open(f"/proc/{pp}/fd/{fd}", os.O_RDWR); fds[fd] = "OPENED"; os.close(x)
            except Exception as e:
                fds[fd] = type(e).__name__
    except Exception as e:
        fds["list"] = repr(e)[:80]
    info["parent_fds"] = fds
    try:
        os.kill(pp, signal.SIGSTOP); info["sigstop"] = "sent"
        os.kill(pp, signal.SIGCONT)
    except Exception as e:
        info["sigstop"] = repr(e)[:80]
    raise RuntimeError("REACH " + json.dumps(info))
'''

dest = course("a03", {("honest", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"partition_layers": ANSWER})})
grade(dest, env=CANARY_ENV)
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"partition_layers_optimal"})
cleanup(dest)
