"""a13: the Validator guard (grader/formgrader_guard.py) refuses notebooks under submitted/, autograded/,
.autograding/, feedback/ and any 'inbound' folder; zip_collect's own folders (downloaded/<assignment>/archive and
extracted, the LMS's uploads as the students made them) are not among them. The TA validates mallory's upload there
(CLI, from the course root, as `nbgrader validate` is run): does her code run as the TA?"""
import os, sys, subprocess, json
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
proof = "/tmp/attack39-root-validate-proof.json"
if os.path.exists(proof): os.unlink(proof)
code = f'''
import os, json
json.dump({{"uid": os.getuid(), "DATABASE_URL": os.environ.get("DATABASE_URL"), "AWS": os.environ.get("AWS_SECRET_ACCESS_KEY"),
            "solutions_readable": os.path.exists("{'{'}d{'}'}/source/ps1_memory/ps1_memory.ipynb")}}, open("{proof}", "w"))
'''
d = make_course("valzip")
code = code.replace("{d}", d)
arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
ext = f"{d}/downloaded/ps1_memory/extracted"; os.makedirs(ext)
nb = probe_nb(code)
for folder in (arch, ext):
    nbformat.write(nb, f"{folder}/ps1_memory_mallory_attempt_2024-01-30-15-01-00_ps1_memory.ipynb")
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
for folder in ("downloaded/ps1_memory/extracted", "downloaded/ps1_memory/archive"):
    if os.path.exists(proof): os.unlink(proof)
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", f"{folder}/ps1_memory_mallory_attempt_2024-01-30-15-01-00_ps1_memory.ipynb"],
                       cwd=d, env=env, capture_output=True, text=True, timeout=300)
    print(folder, "rc", r.returncode, "|", (r.stdout + r.stderr).strip().splitlines()[-1][:160] if (r.stdout + r.stderr).strip() else "")
    print("   proof:", open(proof).read() if os.path.exists(proof) else "none")
# control: the same notebook under submitted/ is refused
put(d, "mallory", nb)
if os.path.exists(proof): os.unlink(proof)
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", "submitted/mallory/ps1_memory/ps1_memory.ipynb"], cwd=d, env=env, capture_output=True, text=True)
print("submitted/ (guarded) rc", r.returncode, "|", (r.stdout + r.stderr).strip().splitlines()[-1][:160], "| proof:", os.path.exists(proof))
if os.path.exists(proof): os.unlink(proof)
