"""a03 (ROOT): a process may also change another process's rlimits if it has the same uid (prlimit64). The shared
child of ps1's first hidden check (training_memory) lowers its parent's (the observer's) limits: RLIMIT_NOFILE to
4 and RLIMIT_NPROC to 1 (it can neither open nor fork), not killing it. Does the grading of the hostile notebook hang
or end promptly, with what verdicts, and does the honest student after it keep full marks?"""
import os, sys, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from r27 import *

CRIPPLE = r'''
def training_memory(model, optimizer):
    import os, resource
    pp = os.getppid()
    if pp <= 0:
        raise NotImplementedError()
    r = []
    for name, lim, val in (("NOFILE", resource.RLIMIT_NOFILE, 4), ("NPROC", resource.RLIMIT_NPROC, 1), ("AS", resource.RLIMIT_AS, 64 << 20)):
        try:
            old = resource.prlimit(pp, lim)
            resource.prlimit(pp, lim, (val, val))
            r.append((name, old, "->", val))
        except Exception as e:
            r.append((name, repr(e)))
    raise RuntimeError("PRLIMIT %r" % r)
'''
dest = course("a03", {("ahonest", "ps1_memory"): honest("ps1_memory"),
                      ("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"training_memory": CRIPPLE}),
                      ("zhonest", "ps1_memory"): honest("ps1_memory")})
t = time.time()
try:
    grade(dest, env=CANARY_ENV, timeout=900)
except subprocess.TimeoutExpired:
    print("grading command still running after 900 s")
print("grading took %.0f s" % (time.time() - t))
report(dest)
scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"training_memory_counts_tensors", "per_device_memory_formulas", "partition_layers_optimal", "two_stage_step_matches_whole_model"})
cleanup(dest)
