"""a05: recon from the kernel: identity, limits, mounts, what of the host it sees, and a search of every readable
file (and every /proc entry) for the two canaries, the TA's DB password and the solutions' marker text."""
import sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
RECON = r'''
import os, subprocess, glob, resource
print("id", os.getuid(), os.getgid(), os.getgroups())
print(open("/proc/self/status").read().split("CapInh")[1][:200])
print("ns pid1", open("/proc/1/cmdline","rb").read()[:200])
print("rlimits", {n: resource.getrlimit(getattr(resource, n)) for n in dir(resource) if n.startswith("RLIMIT_")})
print(open("/proc/self/mountinfo").read()[:6000])
print("cgroup", open("/proc/self/cgroup").read())
print("env", dict(os.environ))
print("cwd", os.getcwd(), os.listdir("."), os.listdir(".."))
needles = [b"AKIASECRETCANARY", b"ta:secret", b"BEGIN SOLUTION", b"MARK SCHEME"]
hits = []
import time
t0 = time.time()
for root, dirs, files in os.walk("/"):
    if root.startswith(("/sys",)) or time.time() - t0 > 150:
        dirs[:] = []; continue
    if root == "/proc":
        dirs[:] = [d for d in dirs if d.isdigit() or d in ("self",)]
    for f in files:
        p = os.path.join(root, f)
        try:
            if not os.path.isfile(p) or os.path.getsize(p) > 50_000_000: continue
            with open(p, "rb") as fh: data = fh.read(50_000_000)
        except Exception: continue
        for n in needles:
            if n in data: hits.append((p, n))
print("walk seconds", round(time.time() - t0, 1), "hits", len(hits))
for h in hits[:80]: print("HIT", h)
'''
d = course("a05")
nb_m = nb_for("ps1_memory")
for c in nb_m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.source += "\n" + RECON
for s, nb in [("aaron", nb_for("ps1_memory")), ("mallory", nb_m), ("zoe", nb_for("ps1_memory"))]:
    hand_in(d, s, "ps1_memory", nb)
grade(d, "ps1_memory")
scores(d, "ps1_memory")
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in c.get("outputs", []):
            print(o.get("text", "") or o.get("evalue", "") or o)
