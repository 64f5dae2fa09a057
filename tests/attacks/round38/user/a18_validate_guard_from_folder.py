"""a18 (on the clone's new code, commit 343d0d5, which arrived at 11:35:01 during this round): the new Validate
guard (formgrader_guard.guard_validator) is installed by the course's nbgrader_config.py, i.e. only where nbgrader
reads the course's config. nbgrader reads nbgrader_config.py from the folder it runs in: a TA who validates from
inside the student's folder (`cd submitted/mallory/ps1_memory; nbgrader validate ps1_memory.ipynb`) loads no course
config, and so no guard. Control: the same from the course folder (guard expected to refuse)."""
from lib import *
exec(open("a01_validate_runs_handin.py").read().split("hon = honest(A)")[0].split('d = make_course("a01")')[1])  # EVIL
import subprocess as sp
print("clone at", sp.run(["git", "-c", "safe.directory=*", "-C", CLONE, "log", "-1", "--format=%h %ad %s"], capture_output=True, text=True).stdout.strip()[:120])
d = make_course("a18")
A = "ps1_memory"
mal = honest(A)
for c in mal.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = EVIL.replace("a01-PWNED", "a18-PWNED") + "\n" + c.source
for s, nb in (("aaron", honest(A)), ("mallory", mal), ("zoe", honest(A))):
    hand_in(d, s, A, nb)
P = "/tmp/attack38-user-a18-PWNED"
if os.path.exists(P): os.remove(P)
grade(d, A); scores(d)
chown(d)
for cwd, path in ((d, f"submitted/mallory/{A}/{A}.ipynb"), (f"{d}/submitted/mallory/{A}", f"{A}.ipynb")):
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "validate", path],
                       cwd=cwd, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True, timeout=300)
    print(f"validate in {cwd}: rc {r.returncode}", (r.stdout + r.stderr).strip().splitlines()[-1][:200] if (r.stdout + r.stderr).strip() else "")
    print("  PWNED:", os.path.exists(P), open(P).read().strip() if os.path.exists(P) else "")
print("== gradebook"); scores(d)
