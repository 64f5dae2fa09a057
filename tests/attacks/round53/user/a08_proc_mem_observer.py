"""No Yama on this host (no /proc/sys/kernel/yama): can a sandbox process open another's /proc/<pid>/mem (same uid,
ptrace_may_access without ptrace(2), which seccomp refuses)? (1) in mallory's kernel: bwrap's init, the placeholder;
(2) in a check's child (mallory's partition_layers runs there, called by the observer): every process of the observer's
sandbox, the observer included. The child reports by raising (her own check's points)."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
PROBE = r'''
def _mem_probe():
    import os
    res = {}
    for p in sorted((int(x) for x in os.listdir("/proc") if x.isdigit())):
        if p == os.getpid(): continue
        try:
            cmd = open(f"/proc/{p}/cmdline", "rb").read()[:50].replace(b"\0", b" ").decode("latin1")
        except Exception as e:
            cmd = type(e).__name__
        for mode in ("rb", "r+b"):
            try:
                f = open(f"/proc/{p}/mem", mode, buffering=0); f.close(); res[f"{p}:{mode}"] = "OPEN " + cmd
            except Exception as e:
                res[f"{p}:{mode}"] = type(e).__name__ + " " + cmd
        try:
            os.listdir(f"/proc/{p}/fd"); res[f"{p}:fd"] = "LISTED"
        except Exception as e:
            res[f"{p}:fd"] = type(e).__name__
    return res
print("KERNELMEM", _mem_probe())
'''
sol = harness.sol("ps1_memory", "partition_layers")
CHILD = PROBE.replace('print("KERNELMEM", _mem_probe())', "") + "\n" + sol.replace("def partition_layers(costs, k):", "def partition_layers(costs, k):\n    raise RuntimeError('CHILDMEM ' + repr(_mem_probe()))\n", 1)
d, r, sc = harness.run_class("a08", "ps1_memory", {"mallory": {"training_memory": PROBE + "\n" + harness.sol("ps1_memory", "training_memory"), "partition_layers": CHILD}})
out = harness.outputs(d, "mallory", "ps1_memory")
for l in out.splitlines():
    if "KERNELMEM" in l or "CHILDMEM" in l:
        print(l[:2500])
import glob, json
nb = json.load(open(glob.glob(f"{d}/autograded/mallory/ps1_memory/*.ipynb")[0]))
for c in nb["cells"]:
    for o in c.get("outputs", []):
        t = json.dumps(o)
        if "CHILDMEM" in t:
            i = t.index("CHILDMEM"); print("CELL", c.get("metadata", {}).get("nbgrader", {}).get("grade_id"), t[i:i+2500])
