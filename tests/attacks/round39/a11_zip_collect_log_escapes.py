"""a11: zip_collect logs every extracted file's path raw ("Parsing file:", "Skipped submission ..."): mallory's zip
holds an entry named with escape sequences. Controls aaron, zoe."""
import os, sys, subprocess, zipfile
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
regexp = r".*_(?P<student_id>\w+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)"
d = make_course("ziplog")
arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
good = solution_nb()
for i, s in enumerate(("aaron", "mallory", "zoe")):
    nbformat.write(good, f"{arch}/ps1_memory_{s}_attempt_2024-01-30-15-0{i}-00_ps1_memory.ipynb")
with zipfile.ZipFile(f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-09-00_n.zip", "w") as zf:
    zf.writestr("\x1b]0;pwned\x07\x1b[2K\r[ZipCollectApp | INFO] 3 files collected\x1b[8m.txt", "x")
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}"],
                   cwd=d, capture_output=True)
out = r.stdout + r.stderr
print("rc", r.returncode, "raw ESC bytes:", out.count(bytes([27])), "BEL:", out.count(bytes([7])))
for l in out.splitlines():
    if bytes([27]) in l: print("   ", repr(l[:200]))
print("collected:", sorted(os.listdir(f"{d}/submitted")))
