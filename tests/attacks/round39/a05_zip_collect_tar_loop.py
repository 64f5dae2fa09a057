"""a05: zip_collect, mallory's upload is a .tar.gz whose two symbolic-link members point at each other:
setuptools' _resolve_tar_file_or_dir follows links inside the archive with no bound. Controls aaron, zoe."""
import os, sys, subprocess, tarfile, io, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
regexp = r".*_(?P<student_id>\w+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)"
good = solution_nb()
d = make_course("tarloop")
arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
nbformat.write(good, f"{arch}/ps1_memory_aaron_attempt_2024-01-30-15-00-00_ps1_memory.ipynb")
nbformat.write(good, f"{arch}/ps1_memory_zoe_attempt_2024-01-30-15-30-00_ps1_memory.ipynb")
with tarfile.open(f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-40-00_extra.tar.gz", "w:gz") as tf:
    for a, b in (("a", "b"), ("b", "a")):
        ti = tarfile.TarInfo(a); ti.type = tarfile.SYMTYPE; ti.linkname = b; tf.addfile(ti)
t = time.time()
try:
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}"],
                       cwd=d, capture_output=True, text=True, timeout=60)
    print("rc", r.returncode, (r.stdout + r.stderr)[-800:])
except subprocess.TimeoutExpired as e:
    print(f"zip_collect still running after {time.time()-t:.0f} s (killed); last log:", (e.stderr or b"")[-400:])
print("submitted/:", sorted(os.listdir(f"{d}/submitted")) if os.path.isdir(f"{d}/submitted") else "none")
