"""A12: `make grade` (course = checkout) makes the checkout's source/ (solutions) and autograders/ (judges, quiz keys)
the TA's alone (round 47). The checkout's .git (cloned with umask 022: 0755 folders, 0444 objects) holds every
committed version of both. eve48, a local student, reads them with git (or zlib) without touching source/ or
autograders/. Made private first here, as make grade's keep_private does."""
import os, subprocess, sys
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
sys.path.insert(0, CLONE)
from grader.grade import keep_private
before = {n: oct(os.stat(f"{CLONE}/{n}").st_mode & 0o777) for n in ("source", "autograders", ".git")}
# what make grade does for the checkout's own course, as the TA (uid 65534) - here through setpriv
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/python", "-c",
                    "import sys; sys.path.insert(0, 'CLONE'); from grader.grade import keep_private; print(keep_private('CLONE'))"],
                   capture_output=True, text=True, cwd="/")
print("keep_private changed:", r.stdout.strip(), r.stderr[-300:])
print("modes:", {n: oct(os.stat(f"{CLONE}/{n}").st_mode & 0o777) for n in ("source", "autograders", ".git")})
def eve(cmd):
    r = subprocess.run(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups"] + cmd, capture_output=True, text=True,
                       env={"PATH": "/usr/bin:/bin", "HOME": "/home/eve48"})
    return r.returncode, r.stdout, r.stderr
print("eve ls autograders:", eve(["ls", f"{CLONE}/autograders"])[2].strip())
g = ["git", "-c", "safe.directory=*", f"--git-dir={CLONE}/.git"]
rc, out, err = eve(g + ["ls-tree", "-r", "--name-only", "HEAD", "autograders", "source"])
print("eve's git ls-tree rc", rc, out.split()[:12], err[-200:])
rc, out, err = eve(g + ["grep", "-n", "-i", "-E", "q1|answer|key", "HEAD", "--", "autograders"])
print("eve's git grep in autograders (first lines):\n  " + "\n  ".join(out.splitlines()[:6]), err[-200:])
rc, out, err = eve(g + ["show", "HEAD:source/ps1_memory/ps1_memory.ipynb"])
print("eve's copy of the solutions notebook:", len(out), "bytes; has BEGIN SOLUTION:", "BEGIN SOLUTION" in out)
# the TA's modes back as they were (this clone is the tester's)
for n, m in before.items():
    os.chmod(f"{CLONE}/{n}", int(m, 8))
rc, out, err = eve(g + ["grep", "-n", "-A3", "_QUIZ = ", "HEAD", "--", "autograders/ps1_memory.py"])
print("eve's git grep of ps1's quiz keys:\n  " + "\n  ".join(l[:150] for l in out.splitlines()[:5]))
