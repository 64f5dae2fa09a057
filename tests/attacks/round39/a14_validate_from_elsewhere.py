"""a14: the Validator guard is installed by the course's nbgrader_config.py. The TA validates mallory's hand-in
from a folder that has no nbgrader_config.py (her home, /tmp) by its path, and validates a copy of the upload she
dragged to /tmp: is the guard there?"""
import os, sys, subprocess, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
proof = "/tmp/attack39-root-validate-proof.json"
code = f'''
import os, json
json.dump({{"uid": os.getuid(), "DATABASE_URL": os.environ.get("DATABASE_URL"), "AWS": os.environ.get("AWS_SECRET_ACCESS_KEY")}}, open("{proof}", "w"))
'''
d = make_course("valelse"); nb = probe_nb(code); put(d, "mallory", nb)
os.makedirs("/tmp/attack39-root-elsewhere", exist_ok=True)
shutil.copy(f"{d}/submitted/mallory/ps1_memory/ps1_memory.ipynb", "/tmp/attack39-root-elsewhere/mallory.ipynb")
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
for cwd, path in (("/root", f"{d}/submitted/mallory/ps1_memory/ps1_memory.ipynb"), ("/tmp/attack39-root-elsewhere", "mallory.ipynb"),
                  (d, "/tmp/attack39-root-elsewhere/mallory.ipynb")):
    if os.path.exists(proof): os.unlink(proof)
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", path], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    last = [l for l in (r.stdout + r.stderr).splitlines() if "ERROR" in l or "Success" in l or "failed" in l.lower()]
    print(f"cwd={cwd} validate {path}: rc {r.returncode} | {last[-1][:150] if last else ''}")
    print("   proof:", open(proof).read() if os.path.exists(proof) else "none")
    if os.path.exists(proof): os.unlink(proof)
shutil.rmtree("/tmp/attack39-root-elsewhere")
