"""From a check's child (observer sandbox) and from the kernel: write files into the cwd (the observer's folder,
/tmp/grade-kernel-*/tmp/observer-* on the host), /tmp/grade-kernel-*/runtime and /tmp, and report the mounts of
those paths; on the host, watch /tmp/grade-kernel-* while it runs: does anything land on the host's disk?"""
from lib import *
import threading, glob
A = "ps1_memory"
WRITE = r'''
def _writes():
    import os, glob
    out = []
    targets = [os.getcwd()] + glob.glob("/tmp/grade-kernel-*/runtime") + glob.glob("/tmp/grade-kernel-*/tmp") + glob.glob("/tmp/grade-kernel-*") + ["/tmp", "CLONE/probes", "CLONE/.venv"]
    for t in targets:
        try:
            with open(os.path.join(t, "W37"), "wb") as f:
                for _ in range(20):
                    f.write(b"\0" * (1 << 20))
            out.append(f"WROTE {t}")
        except OSError as e:
            out.append(f"NO {t}: {e.strerror}")
    out += [" ".join(l.split()[3:6]) for l in open("/proc/self/mountinfo") if "/tmp" in l]
    return " | ".join(out)
'''
src = source_nb(A)
from tools.submissions import solution_text
pl = [solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "partition_layers"][0]
code = WRITE + pl.replace("def partition_layers(costs, k):", "def partition_layers(costs, k):\n    raise ValueError('W ' + _writes())", 1) + "\nprint('KERNEL', _writes())"
d = make_course("a07")
hand_in(d, "aaron", A, honest(A))
hand_in(d, "mallory", A, fill(release_nb(A), src, {"partition_layers": code}))
hand_in(d, "zoe", A, honest(A))
seen = set(); stop = False
def watch():
    while not stop:
        for f in glob.glob("/tmp/grade-kernel-*/**/W37", recursive=True) + glob.glob("/tmp/grade-kernel-*/W37") + glob.glob("/tmp/W37"):
            seen.add((f, os.path.getsize(f)))
        time.sleep(0.05)
th = threading.Thread(target=watch); th.start()
grade(d, A)
stop = True; th.join()
print("HOST SAW", seen)
os.system(f"cat {d}/grades.csv")
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
for c in nb.cells:
    gid = c.metadata.get("nbgrader", {}).get("grade_id")
    if gid in ("partition_layers", "partition_layers_optimal"):
        for o in c.outputs:
            print(gid, (o.get("text") or o.get("evalue") or str(o))[:3000])
