"""a22 (new code): the Validate guard refuses notebooks under the course's submitted/, autograded/, .autograding/,
feedback/ only. A hand-in also lives in the exchange's inbound folder until (and after) collect. The TA, in the course
folder (guard installed), validates mallory's inbound copy before collecting, to see whether it runs."""
from lib import *
exec(open("a01_validate_runs_handin.py").read().split("hon = honest(A)")[0].split('d = make_course("a01")')[1])  # EVIL
A = "ps1_memory"
d = make_course("a22")
X = "/tmp/attack38-user-a22-exchange"
if os.path.exists(X): shutil.rmtree(X)
inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
for s in ("aaron", "zoe"):
    hand_in(d, s, A, honest(A))
grade(d, A)
mal = honest(A)
for c in mal.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = EVIL.replace("a01-PWNED", "a22-PWNED").replace('"../../../gradebook.db"', repr(d + "/gradebook.db")) + "\n" + c.source
p = f"{inbound}/mallory+{A}+2026-11-29 11:00:00.000000 UTC+r"; os.makedirs(p); nbformat.write(mal, f"{p}/{A}.ipynb")
chown(d); chown(X)
P = "/tmp/attack38-user-a22-PWNED"
if os.path.exists(P): os.remove(P)
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "validate", f"{p}/{A}.ipynb"],
                   cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True, timeout=300)
print("validate rc", r.returncode, (r.stdout).strip()[-120:])
print("PWNED:", os.path.exists(P), open(P).read().strip() if os.path.exists(P) else "")
scores(d)
