"""a06: nbgrader collect (grader/collect.py SafeCollect) from a real exchange: mallory's inbound folder holds N empty
files (no byte counted by the size cap, no count cap in collect). How long is the TA's collection of the class held,
and what lands in submitted/? Controls aaron (before) and zoe (after)."""
import os, sys, subprocess, time, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
N = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
def setup(tag, n):
    d = make_course(tag)
    ex = f"/tmp/attack39-root-exch-{tag}"; shutil.rmtree(ex, ignore_errors=True)
    inbound = f"{ex}/distcourse/inbound"; os.makedirs(inbound); os.chmod(inbound, 0o2733)
    good = solution_nb()
    for i, s in enumerate(("aaron", "mallory", "zoe")):
        f = f"{inbound}/{s}+ps1_memory+2024-01-30 15:0{i}:00.000000 UTC+abc{i}"
        os.makedirs(f); nbformat.write(good, f"{f}/ps1_memory.ipynb")
        open(f"{f}/timestamp.txt", "w").write(f"2024-01-30 15:0{i}:00.000000 UTC")
        if s == "mallory":
            for k in range(n // 1000):
                sub = f"{f}/d{k}"; os.mkdir(sub)
                for j in range(1000): open(f"{sub}/{j}", "w").close()
    return d, ex
for tag, n in (("coll0", 0), ("collN", N)):
    d, ex = setup(tag, n)
    t = time.time()
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "collect", "ps1_memory", f"--Exchange.root={ex}", "--CollectApp.check_owner=False"],
                       cwd=d, capture_output=True, text=True)
    dt = time.time() - t
    print(f"{tag}: mallory holds {n} empty files: collect rc {r.returncode} in {dt:.1f} s; collected", sorted(os.listdir(f"{d}/submitted")))
    cnt = sum(len(fs) for _, _, fs in os.walk(f"{d}/submitted/mallory")) if os.path.isdir(f"{d}/submitted/mallory") else 0
    print("  files in submitted/mallory:", cnt)
    print("  log tail:", (r.stdout + r.stderr)[-300:].replace("\n", " | "))
    if tag == "collN":
        t = time.time()
        r = subprocess.run([f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, "--workers", "1", "ps1_memory"], cwd=CLONE, capture_output=True, text=True,
                           env=dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123"))
        print(f"  make grade rc {r.returncode} in {time.time()-t:.1f}s"); scores(d)
    shutil.rmtree(ex, ignore_errors=True)
