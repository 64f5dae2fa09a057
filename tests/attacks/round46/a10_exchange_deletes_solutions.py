"""a10: a03 aimed at the course itself: mallory links exchange/outbound to the course's source/ folder (its path is
no secret: the TA's course folder). The TA's `nbgrader release_assignment ps1_memory --force` (or Formgrader's
Release after an Unrelease) rmtree()s source/ps1_memory, the solutions, and writes the release there."""
import os, subprocess, shutil, sys
from harness import *
ROOT = "/tmp/attack46-root-a10-ex"
shutil.rmtree(ROOT, ignore_errors=True)
d = course("a10")
ex = f"{ROOT}/exchange"; os.makedirs(ex); os.chmod(ex, 0o777); os.chmod(ROOT, 0o755)
NB = ["--Exchange.root=" + ex, "--CourseDirectory.course_id=distcourse"]
def ta(*a):
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *a, *NB], cwd=d, env=ENV, capture_output=True, text=True)
    print("$ nbgrader", " ".join(a), "->", r.returncode, [l for l in (r.stdout + r.stderr).splitlines() if "standardiz" not in l][-2:])
ta("release_assignment", "ps1_memory")
r = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c",
    f'import os; os.rename("{ex}/distcourse", "{ex}/.old"); os.symlink(".", "{ex}/distcourse"); os.symlink("{d}/source", "{ex}/outbound")'],
    capture_output=True, text=True); print("mallory:", r.returncode, r.stderr[-200:])
sol = f"{d}/source/ps1_memory/ps1_memory.ipynb"
print("solutions before:", "### BEGIN SOLUTION" in open(sol).read())
ta("release_assignment", "ps1_memory", "--force")
print("solutions after:", os.path.exists(sol) and "### BEGIN SOLUTION" in open(sol).read(),
      "| file there now is the release:", os.path.exists(sol) and "raise NotImplementedError" in open(sol).read())
shutil.rmtree(ROOT); shutil.rmtree(d)
