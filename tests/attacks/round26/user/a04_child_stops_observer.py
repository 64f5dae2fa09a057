"""a04 (ordinary user): the shared child of a check's calls (ps1 partition_layers, hidden check) sends SIGSTOP to
its parent, the observer (pid 3 in the sandbox, same uid), and never SIGCONT; in the kernel (ppid 0) it answers
honestly-wrong (returns []). Does the grading of the hostile notebook stall, do later checks still get judged, does
the honest control keep full marks, is anything left running afterwards?"""
import os, sys, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u26 import *

ANSWER = r'''
def partition_layers(costs, k):
    import os, signal
    pp = os.getppid()
    if pp > 0:
        try:
            os.kill(pp, signal.SIGSTOP)
        except Exception as e:
            raise RuntimeError("STOP " + repr(e))
        raise RuntimeError("STOP sent to observer pid %d" % pp)
    return []
'''
dest = course("a04", {("honest", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"partition_layers": ANSWER})})
grade(dest, env=CANARY_ENV)
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"partition_layers_optimal", "partition_layers_bad_input", "split_model_stages"})
print("host: processes of uid 65534 left:", subprocess.run(["pgrep", "-u", "65534", "-a", "python"], capture_output=True, text=True).stdout or "none")
cleanup(dest)
