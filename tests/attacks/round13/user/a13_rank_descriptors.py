"""a13: what descriptors does a rank hold? Ranks launched by the observer (fork start method, the CPU default) are
forks of the observer, whose channel to the grader is two duplicated descriptors. A rank running the student's
average_gradients lists /proc/self/fd (targets, flags) and the observer's child does the same, read back through
the judge's failure message."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
AVG = r'''
def _fds():
    import os
    out = []
    for fd in sorted(os.listdir("/proc/self/fd"), key=int):
        try:
            tgt = os.readlink(f"/proc/self/fd/{fd}")
            flags = open(f"/proc/self/fdinfo/{fd}").read().split("flags:")[1].split()[0]
            out.append(f"{fd}->{tgt}({flags})")
        except OSError:
            pass
    return f"pid {os.getpid()} ppid {os.getppid()} RANK={os.environ.get('RANK')}: " + " ".join(out)

def average_gradients(model):
    raise RuntimeError("FDS " + _fds())
'''
nb = u13.notebook("ps2_ddp", overrides={"average_gradients": AVG})
dest = u13.course("a13", {("mallory", "ps2_ddp"): nb})
u13.grade(dest)
import nbformat
for c in nbformat.read(f"{dest}/autograded/mallory/ps2_ddp/ps2_ddp.ipynb", 4).cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id", "") == "average_gradients_matches_large_batch":
        for o in c.get("outputs", []):
            print("OUTPUT:", (o.get("text") or str(o.get("evalue")))[:3000])
