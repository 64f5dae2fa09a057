"""a23: SafeCollect with a due date and --before-duedate: nbgrader's init_src picks, per student, the newest record at
or before the due date among ALL records (SafeCollect's refused ones included) and SafeCollect drops refused records
afterwards. mallory plants `aaron+ps1_memory+<early time>+x` as a symbolic link (refused: not a folder) in the
inbound folder (writable by all): aaron's real, valid folder is not collected. Controls: aaron's real folder, zoe."""
import os, sys, subprocess, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = make_course("duedate")
ex = "/tmp/attack39-root-exch-due"; shutil.rmtree(ex, ignore_errors=True)
inbound = f"{ex}/distcourse/inbound"; os.makedirs(inbound); os.chmod(inbound, 0o2733)
good = solution_nb()
env = dict(os.environ)
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "db", "assignment", "add", "ps1_memory", "--duedate=2024-01-31 00:00:00 UTC"], cwd=d, capture_output=True, text=True)
print("due date set, rc", r.returncode)
for name in ("aaron+ps1_memory+2024-01-30 15:00:00.000000 UTC+r1", "mallory+ps1_memory+2024-01-30 15:01:00.000000 UTC+r2", "zoe+ps1_memory+2024-01-30 15:02:00.000000 UTC+r3"):
    os.makedirs(f"{inbound}/{name}"); nbformat.write(good, f"{inbound}/{name}/ps1_memory.ipynb")
os.symlink("/nonexistent", f"{inbound}/aaron+ps1_memory+2024-01-01 00:00:00.000000 UTC+m")  # mallory's, refused
for flags in ([], ["--before-duedate"]):
    shutil.rmtree(f"{d}/submitted", ignore_errors=True)
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "collect", "ps1_memory", f"--Exchange.root={ex}", "--CollectApp.check_owner=False", *flags], cwd=d, capture_output=True, text=True)
    print("collect", flags, "rc", r.returncode, "collected:", sorted(os.listdir(f"{d}/submitted")) if os.path.isdir(f"{d}/submitted") else [])
    print("   ", [l for l in (r.stdout + r.stderr).splitlines() if "not collected" in l][:2])
shutil.rmtree(ex, ignore_errors=True)
