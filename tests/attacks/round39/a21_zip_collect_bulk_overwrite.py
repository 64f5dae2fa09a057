"""a21: the usual LMS flow: the TA downloads ONE bulk zip of every upload and puts it in archive/; nbgrader extracts it,
then each archive found in it into a folder of its own. The TA's regexp is anchored on the last path component
(`^.*/ps1_memory_<id>_attempt_<time>_ps1_memory.ipynb$`), but the entries of mallory's nested zip are last
components of her choosing: one named exactly like aaron's upload (same time) ties with his, and _collect_files keeps
the later path in sorted order on a tie (`timestamp >= old_timestamp`). (Result: aaron replaced; zoe's own file sorts
after mallory's folder and wins the tie back.)"""
import os, sys, subprocess, zipfile, io
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
regexp = r"^.*/ps1_memory_(?P<student_id>[a-z0-9]+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>ps1_memory)\.ipynb$"
d = make_course("zipbulk")
arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
good = nbformat.writes(solution_nb()); empty = nbformat.writes(nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", as_version=4))
inner = io.BytesIO()
with zipfile.ZipFile(inner, "w") as zf:
    zf.writestr("ps1_memory_aaron_attempt_2024-01-30-15-00-00_ps1_memory.ipynb", empty)
    zf.writestr("ps1_memory_zoe_attempt_2024-01-30-15-02-00_ps1_memory.ipynb", empty)
with zipfile.ZipFile(f"{arch}/ps1_memory_all_uploads.zip", "w") as bulk:
    bulk.writestr("ps1_memory_aaron_attempt_2024-01-30-15-00-00_ps1_memory.ipynb", good)
    bulk.writestr("ps1_memory_mallory_attempt_2024-01-30-15-01-00_ps1_memory.ipynb", good)
    bulk.writestr("ps1_memory_mallory_attempt_2024-01-30-15-01-30_notes.zip", inner.getvalue())
    bulk.writestr("ps1_memory_zoe_attempt_2024-01-30-15-02-00_ps1_memory.ipynb", good)
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}"],
                   cwd=d, capture_output=True, text=True)
print("zip_collect rc", r.returncode)
for s in sorted(os.listdir(f"{d}/submitted")):
    t = open(f"{d}/submitted/{s}/ps1_memory/ps1_memory.ipynb").read()
    print(s, "holds the solution-filled work:", t == good or "BEGIN SOLUTION" in t or "def training_memory" in t and "NotImplementedError" not in t)
grade(d); scores(d)
