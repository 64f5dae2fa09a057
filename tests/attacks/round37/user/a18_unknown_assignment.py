"""`grade` with no assignment named grades "all that have submissions". mallory hands in, beside her honest ps1_memory,
folders for assignments the course does not have (`zz_evil`, `ps1_memory.bak`, `Ps1_Memory`, `-x`): are they created in
the gradebook, graded, or do they stop the class (aaron, zoe honest)?"""
from lib import *
A = "ps1_memory"
d = make_course("a18")
hand_in(d, "aaron", A, honest(A))
hand_in(d, "mallory", A, honest(A))
for fake in ("zz_evil", "ps1_memory.bak", "Ps1_Memory", "-x"):
    p = f"{d}/submitted/mallory/{fake}"; os.makedirs(p)
    nbformat.write(honest(A), f"{p}/{fake}.ipynb")
hand_in(d, "zoe", A, honest(A))
chown(d)
t = time.time()
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", PY, "-m", "grader.grade",
                    "--course-dir", d, "--workers", "1"], cwd=CLONE, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
print(f"rc={r.returncode} in {time.time()-t:.1f}s"); print(r.stdout[-3000:])
os.system(f"cat {d}/grades.csv; ls {d}/autograded/* {d}/feedback/* 2>&1 | head -30")
import sqlite3
if os.path.exists(f"{d}/gradebook.db"):
    print("ASSIGNMENTS", sqlite3.connect(f"{d}/gradebook.db").execute("select name from assignment").fetchall())
