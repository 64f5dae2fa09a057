"""a10: from the host, while mallory's kernel sleeps in a cell (and then while its observer runs a check that sleeps):
which cgroups (cpu, memory, pids) hold each process of the pool uid mallory runs as? Any sandbox process (bwrap's init,
the placeholder, the kernel, the observer, a check's child) outside its submission's cgroups would escape the caps."""
import os, sys, threading, time, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

sol = solutions()
code = "import time as _t\n_t.sleep(25)\n" + sol["training_memory"]
child = sol["split_model"].replace("def split_model(", "def _real_split_model(", 1) + \
    "\n\ndef split_model(*a, **k):\n    import sys, time\n    obs = sys.modules.get('probes.observer')\n" \
    "    if obs is not None and obs.ACTIVE:\n        time.sleep(8)\n    return _real_split_model(*a, **k)\n"
seen = {}
stop = False
def watch():
    while not stop:
        for p in os.listdir("/proc"):
            if not p.isdigit():
                continue
            try:
                st = open(f"/proc/{p}/status").read()
                uid = int(st.split("Uid:")[1].split()[1])
                if not 65470 <= uid <= 65534:
                    continue
                # only this run's sandboxes: their cgroups are distcourse-sandbox-*; others' too, so key by cgroup
                cg = {l.split(":")[1]: l.split(":", 2)[2] for l in open(f"/proc/{p}/cgroup").read().splitlines()}
                comm = open(f"/proc/{p}/comm").read().strip()
                key = (uid, comm, cg.get("cpu", "?"), cg.get("memory", "?"), cg.get("pids", "?"))
                seen[key] = seen.get(key, 0) + 1
            except (OSError, IndexError, ValueError):
                pass
        time.sleep(0.5)
th = threading.Thread(target=watch); th.start()
root, p = course("a10", "ps1_memory", {"mallory": {"training_memory": code, "split_model": child}})
stop = True; th.join()
print("scores:", scores(root))
outside = [k for k in seen if "distcourse" not in k[2] or "distcourse" not in k[3] or "distcourse" not in k[4]]
print("processes of pool uids seen (uid, comm, cpu, memory, pids): samples")
for k, n in sorted(seen.items()):
    print(" ", k, n)
print("OUTSIDE a distcourse cgroup:", outside)
