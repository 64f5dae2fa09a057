"""a18: zip_collect with a student-id group that takes dots (e-mail-like ids: `(?P<student_id>[^_]+)`) and a re-run
with --force (needed whenever extracted/ is not empty): mallory's zip holds a folder `x_..` and in it
`source_attempt_2099-01-01-00-00-00_ps1_memory.ipynb`; the id read from the path is `../source`, and
_transfer_files clears and writes submitted/../source/ps1_memory, the course's solutions. Controls aaron, zoe."""
import os, sys, subprocess, zipfile
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
regexp = r".*_(?P<student_id>[^_]+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)"
d = make_course("zipdot")
arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
good = solution_nb(); empty = nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", as_version=4)
for i, s in enumerate(("aaron", "mallory", "zoe")):
    nbformat.write(good, f"{arch}/ps1_memory_{s}_attempt_2024-01-30-15-0{i}-00_ps1_memory.ipynb")
with zipfile.ZipFile(f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-09-00_n.zip", "w") as zf:
    zf.writestr("x_../source_attempt_2099-01-01-00-00-00_ps1_memory.ipynb", nbformat.writes(empty))
src_before = os.listdir(f"{d}/source/ps1_memory")
for force in ([], ["--force"]):
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}", *force],
                       cwd=d, capture_output=True, text=True)
    print("zip_collect", force, "rc", r.returncode, "|", "\n   ".join(l for l in (r.stdout + r.stderr).splitlines() if "ERROR" in l or "source" in l and ("Copying to" in l or "Clear" in l or "Remov" in l))[:900])
print("source/ps1_memory before:", sorted(src_before), "after:", sorted(os.listdir(f"{d}/source/ps1_memory")))
p = f"{d}/source/ps1_memory/ps1_memory.ipynb"
print("solutions notebook still holds the solutions:", "BEGIN SOLUTION" in open(p).read() if os.path.exists(p) else "gone")
print("collected:", sorted(os.listdir(f"{d}/submitted")))
