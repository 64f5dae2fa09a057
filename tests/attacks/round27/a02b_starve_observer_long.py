"""a02b (ROOT): a02 with the kernel's spinners living until the kernel dies (16 processes), then an honest student
graded after it in the same run: how long does the starved observer hold up the hostile notebook and the next
student (--workers 1)? The grading command is stopped after 900 s if still running (its whole session killed)."""
import os, sys, time, subprocess, signal
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
for _i in range(16):
    if _os.fork() == 0:
        _end = _time.time() + 1500
        while _time.time() < _end:
            pass
        _os._exit(0)
def per_device_memory(*a, **k):
    raise NotImplementedError()
'''
dest = course("a02b", {("mallory", "ps1_memory"): notebook("ps1_memory", overrides={"training_memory": RENICE, "per_device_memory": SPIN}),
                       ("zhonest", "ps1_memory"): honest("ps1_memory")})
t = time.time()
cmd = ["env", *CANARY_ENV, CLONE + "/.venv/bin/python", "-m", "grader.grade", "--course-dir", dest, "--workers", "1"]
p = subprocess.Popen(cmd, cwd=CLONE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
try:
    out, _ = p.communicate(timeout=900)
    print("grade rc=%s in %.0f s" % (p.returncode, time.time() - t))
    print(out[-5000:])
except subprocess.TimeoutExpired:
    print("grading command still running after %.0f s: killing its session %d" % (time.time() - t, p.pid))
    os.killpg(p.pid, signal.SIGKILL)
    out, _ = p.communicate()
    print(out[-3000:])
report(dest)
scores(dest)
cell_outputs(dest, "mallory", "ps1_memory", {"training_memory_counts_tensors", "per_device_memory_formulas", "partition_layers_optimal", "split_model_stages", "two_stage_step_matches_whole_model"})
print("host: processes of uids 65470-65534 left:", subprocess.run("ps -eo uid,pid,etimes,args | awk '$1>=65470 && $1<=65534'", shell=True, capture_output=True, text=True).stdout or "none")
cleanup(dest)
