"""a05: round 48's regrade-by-digest: at the start of every run, for every hand-in graded before, the main grading process
hashes the whole notebook in submitted/ (`changed_since_graded` -> `hand_in_digest`), with no cap on its size (take()
caps what it copies, the digest does not). mallory is graded once honestly; her hand-in is then replaced (a late
re-upload the TA copies in, as the brief's recipe does) by a sparse notebook file of SIZE GiB. How long does every later
run wait before it grades anyone (aaron, zoe honest; a new student 'nina' handed in meanwhile)?"""
import os, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import *

A = "ps1_memory"
GIB = int(sys.argv[1]) if len(sys.argv) > 1 else 200
d = course("a05")
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, A, nb_for(A))
r = grade(d, A, quiet=True); scores(d, A)
t = time.time(); grade(d, A, quiet=True); print(f"control: second run, nothing new: {time.time()-t:.1f}s")
# the re-upload: same name, a sparse file
f = f"{d}/submitted/mallory/{A}/{A}.ipynb"
with open(f, "r+b") as fh:
    fh.truncate(GIB * 2**30)
os.chown(f, 65534, 65534)
print("mallory's notebook now", os.stat(f).st_size / 2**30, "GiB apparent,", os.stat(f).st_blocks * 512 / 2**20, "MiB on disk")
hand_in(d, "nina", A, nb_for(A))
t = time.time()
r = subprocess.run(SETPRIV + [f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, "--workers", "1", A],
                   cwd=CLONE, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=3600)
print(f"run with the sparse hand-in: rc={r.returncode} in {time.time()-t:.1f}s")
print(r.stdout[-1500:])
scores(d, A)
t = time.time(); grade(d, A, quiet=True); print(f"and the run after: {time.time()-t:.1f}s")
