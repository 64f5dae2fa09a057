"""a02: a hand-in with N files (in folders of 1,000) beside the notebook: _private_below opens, fstats and closes every
one, at the run's start, after the export and at its end, every run; how long does the class wait?"""
import os, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import *

A = "ps1_memory"
N = int(sys.argv[1]) if len(sys.argv) > 1 else 150000
for tag, wide in (("a02base", False), ("a02", True)):
    d = course(tag)
    for s in ("aaron", "mallory", "zoe"):
        hand_in(d, s, A, nb_for(A))
    if wide:
        p = f"{d}/submitted/mallory/{A}"
        t = time.time()
        for i in range(N // 1000):
            os.mkdir(f"{p}/f{i}", 0o755)
            for j in range(1000):
                open(f"{p}/f{i}/{j}", "w").close()
        subprocess.run(["chown", "-R", "65534:65534", d], check=True)
        print(f"made {N} files in {time.time()-t:.1f}s")
    r = grade(d, A, quiet=True)
    print(r.stderr[-600:])
    scores(d, A)
    # a second run (nothing to grade): how long the walks alone take
    t = time.time(); r = grade(d, A, quiet=True); print(f"{tag}: second run (nothing new) {time.time()-t:.1f}s")
    subprocess.run(["rm", "-rf", d])
