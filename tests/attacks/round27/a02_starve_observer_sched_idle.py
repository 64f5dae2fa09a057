"""a02 (ROOT): stop signals are refused, but a process may lower the priority of any process of its own uid:
setpriority(PRIO_PROCESS, pid, 19), sched_setscheduler(pid, SCHED_IDLE), ioprio_set(IDLE). The shared child of the
first hidden check of ps1 (training_memory) does this to its parent, the observer (every thread), then the kernel
starts CPU spinners in the cgroup that kernel and observer share. Do the later checks starve (time, verdicts)?
Students: ahonest (solution), bspin (release + the same spinners, no renice: the baseline), mallory (release +
renice + spinners), zhonest (solution). Each graded in its own grading command run, timed."""
import os, sys, time, subprocess, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from r27 import *

RENICE = r'''
def training_memory(model, optimizer):
    import os, ctypes
    pp = os.getppid()
    if pp <= 0:
        raise NotImplementedError()
    done = []
    libc = ctypes.CDLL(None, use_errno=True)
    targets = [pp] + [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) not in (os.getpid(), pp)]
    for pid in targets:
        try:
            tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
        except Exception:
            tids = [pid]
        for tid in tids:
            r = []
            for name, f in (("nice", lambda: os.setpriority(os.PRIO_PROCESS, tid, 19)),
                            ("idle", lambda: os.sched_setscheduler(tid, os.SCHED_IDLE, os.sched_param(0))),
                            ("io", lambda: (libc.syscall(251, 1, tid, 3 << 13) == 0) or (_ for _ in ()).throw(OSError(ctypes.get_errno(), "ioprio")))):
                try:
                    f(); r.append(name)
                except Exception as e:
                    r.append(name + ":" + type(e).__name__ + str(getattr(e, "errno", "")))
            done.append((pid, tid, r))
    raise RuntimeError("RENICED %r" % done[:12])
'''
SPIN = r'''
import os as _os, time as _time
for _i in range(6):
    if _os.fork() == 0:
        _end = _time.time() + 300
        while _time.time() < _end:
            pass
        _os._exit(0)
def per_device_memory(*a, **k):
    raise NotImplementedError()
'''
students = {
    "ahonest": honest("ps1_memory"),
    "bspin": notebook("ps1_memory", overrides={"per_device_memory": SPIN}),
    "mallory": notebook("ps1_memory", overrides={"training_memory": RENICE, "per_device_memory": SPIN}),
    "zhonest": honest("ps1_memory"),
}
for s, nb in students.items():
    dest = course("a02-" + s, {(s, "ps1_memory"): nb})
    t = time.time()
    try:
        grade(dest, env=CANARY_ENV, timeout=900)
    except subprocess.TimeoutExpired:
        print("grading command still running after 900 s")
    print("=== %s: grading took %.0f s" % (s, time.time() - t))
    report(dest)
    scores(dest)
    if s == "mallory":
        cell_outputs(dest, s, "ps1_memory", {"training_memory_counts_tensors", "per_device_memory_formulas", "partition_layers_optimal", "split_model_stages", "two_stage_step_matches_whole_model"})
    print("host: processes of uids 65470-65534 left:", subprocess.run("ps -eo uid,pid,etimes,args | awk '$1>=65470 && $1<=65534'", shell=True, capture_output=True, text=True).stdout or "none")
    cleanup(dest)
