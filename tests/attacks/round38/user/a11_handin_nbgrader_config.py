"""a11: nbgrader loads nbgrader_config.py (Python) from the folder it is run in. A hand-in may hold one beside the
notebook. Does the grader refuse it? Does any nbgrader command the TA runs in the student's folder (here
`nbgrader --version`, and `nbgrader validate ps1_memory.ipynb`) run it as the TA?"""
from lib import *
A = "ps1_memory"
d = make_course("a11")
P = "/tmp/attack38-user-a11-PWNED"
CFG = f"import os\nopen({P!r}, 'a').write(f'uid={{os.getuid()}} DATABASE_URL={{os.environ.get(\"DATABASE_URL\")}}\\n')\n"
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, A, honest(A), extra={"nbgrader_config.py": CFG} if s == "mallory" else None)
if os.path.exists(P): os.remove(P)
grade(d, A)
scores(d)
print("PWNED after grading:", os.path.exists(P))
chown(d)
for args in (["--version"], ["validate", f"{A}.ipynb"]):
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", *args],
                       cwd=f"{d}/submitted/mallory/{A}", env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"),
                       capture_output=True, text=True, timeout=300)
    print("nbgrader", args, "rc", r.returncode, (r.stdout + r.stderr)[-200:].strip())
    print("  PWNED:", os.path.exists(P), open(P).read().strip() if os.path.exists(P) else "")
