"""a18: a15 for a TA whose ~/.jupyter/nbgrader_config.py names the course (as a17's): `nbgrader validate <hand-in>`
from her home. Guarded (the course root's config loaded), or not?"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
d = "/tmp/attack40-user-a15"; A = "ps1_memory"; PWN = "/tmp/attack40-user-a15-pwned.txt"
home = "/tmp/attack40-user-a18-home"; cfg = home + "/.jupyter"; os.makedirs(cfg, exist_ok=True)
open(f"{cfg}/nbgrader_config.py", "w").write(f"c = get_config()\nc.CourseDirectory.root = {d!r}\n")
chown(home); chown(d)
if os.path.exists(PWN): os.unlink(PWN)
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "validate",
                    f"{d}/submitted/mallory40u/{A}/{A}.ipynb"], cwd=home,
                   env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=home, JUPYTER_CONFIG_DIR=cfg), capture_output=True, text=True, timeout=300)
print("rc", r.returncode, [l[:200] for l in (r.stdout + r.stderr).splitlines() if "not validating" in l or "Success" in l or "ERROR" in l][:3])
print("pwned file:", open(PWN).read() if os.path.exists(PWN) else "(none: her code did not run)")
shutil.rmtree(home, ignore_errors=True)
if os.path.exists(PWN): os.unlink(PWN)
