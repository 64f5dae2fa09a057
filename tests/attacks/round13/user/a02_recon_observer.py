"""a02: recon (black box): what of autograders/ lives in the kernel's memory (the kernel is a fork of
`python -m autograders.zygote`), and what the observer's child sees (sys.path, cwd, files, processes, mounts),
read back through the judge's failure message."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
CELL = r'''
import gc, sys, types
found = {}
for o in gc.get_objects():
    co = getattr(o, "__code__", None) if not isinstance(o, types.CodeType) else o
    if isinstance(co, types.CodeType) and "autograders" in co.co_filename:
        found.setdefault(co.co_filename, set()).add(co.co_name)
print("autograders code objects in the kernel:", {k: sorted(v) for k, v in found.items()})
print("sys.modules autograders*:", [m for m in sys.modules if "autograders" in m or m == "__main__"], getattr(sys.modules.get("__main__"), "__file__", None))
import linecache
print("linecache autograders:", [k for k in linecache.cache if "autograders" in k])

def _info():
    import os, sys, gc, types
    out = ["pid %d ppid %d cwd %s" % (os.getpid(), os.getppid(), os.getcwd()), "path %r" % sys.path,
           "ls cwd %r" % os.listdir("."), "argv %r" % sys.argv]
    for p in sorted(os.listdir("/proc")):
        if p.isdigit():
            try: out.append("proc %s %r" % (p, open(f"/proc/{p}/cmdline", "rb").read()[:200]))
            except Exception as e: out.append(str(e))
    out.append(open("/proc/self/mounts").read())
    found = {}
    for o in gc.get_objects():
        co = getattr(o, "__code__", None) if not isinstance(o, types.CodeType) else o
        if isinstance(co, types.CodeType) and "autograders" in co.co_filename:
            found.setdefault(co.co_filename, set()).add(co.co_name)
    out.append("autograders code: %r" % {k: sorted(v) for k, v in found.items()})
    out.append("modules: %r" % [m for m in sys.modules if "autograders" in m])
    return "\n".join(out)

_honest_tm = training_memory
def training_memory(model, optimizer):
    import sys
    obs = sys.modules.get("probes.observer")
    if obs is not None and obs.ACTIVE:
        raise RuntimeError("RECON\n" + _info())
    return 0
'''
nb = u13.notebook("ps1_memory", append={"training_memory": CELL})
dest = u13.course("a02", {("mallory", "ps1_memory"): nb})
u13.grade(dest)
u13.scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") in ("training_memory", "training_memory_counts_tensors"):
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or (o.get("evalue"), o.get("traceback")) or o)
