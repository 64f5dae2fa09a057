"""a09: a01 with one upload: mallory hands in a .zip whose entries are named x_<classmate>_attempt_2099-..._ps1_memory.ipynb
(an empty notebook for every classmate). nbgrader extracts nested archives; the regexp is matched against the full
path, so the greedy '.*' picks each entry's own name. Controls: aaron, bob, zoe upload honest work."""
import os, sys, subprocess, zipfile
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
regexp = r".*_(?P<student_id>\w+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)"
d = make_course("zipclass")
arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
good = solution_nb(); empty = nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", as_version=4)
for i, s in enumerate(("aaron", "bob", "mallory", "zoe")):
    nbformat.write(good, f"{arch}/ps1_memory_{s}_attempt_2024-01-30-15-0{i}-00_ps1_memory.ipynb")
with zipfile.ZipFile(f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-09-00_notes.zip", "w") as zf:
    for s in ("aaron", "bob", "zoe"):
        zf.writestr(f"x_{s}_attempt_2099-01-01-00-00-00_ps1_memory.ipynb", nbformat.writes(empty))
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}"],
                   cwd=d, capture_output=True, text=True)
print("zip_collect rc", r.returncode, "| replaced:", (r.stdout + r.stderr).count("Replacing previously collected"))
for s in sorted(os.listdir(f"{d}/submitted")):
    print(s, open(f"{d}/submitted/{s}/ps1_memory/timestamp.txt").read())
grade(d); scores(d)
