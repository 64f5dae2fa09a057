"""a02: zip_collect again. (1) mallory's nested zip carries /usr/bin/id with mode 04755: run it as an ordinary
user afterwards (euid?). (2) one upload stops the whole class's zip_collect: (a) a file named .zip that is no zip,
(b) a time that does not parse. Controls aaron and zoe uploaded honestly beside her."""
import os, sys, subprocess, zipfile, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
regexp = r".*_(?P<student_id>\w+)_attempt_(?P<timestamp>[0-9\-]+)_(?P<file_id>\w+)"
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
good = solution_nb()

def run(tag, hostile):
    d = make_course(tag)
    arch = f"{d}/downloaded/ps1_memory/archive"; os.makedirs(arch)
    nbformat.write(good, f"{arch}/ps1_memory_aaron_attempt_2024-01-30-15-00-00_ps1_memory.ipynb")
    nbformat.write(good, f"{arch}/ps1_memory_zoe_attempt_2024-01-30-15-30-00_ps1_memory.ipynb")
    hostile(arch)
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "zip_collect", "ps1_memory", f"--FileNameCollectorPlugin.named_regexp={regexp}"],
                       cwd=d, env=env, capture_output=True, text=True)
    print(f"--- {tag}: zip_collect rc", r.returncode)
    print("\n".join((r.stdout + r.stderr).splitlines()[-4:]))
    print("submitted/:", sorted(os.listdir(f"{d}/submitted")) if os.path.isdir(f"{d}/submitted") else "none")
    return d

def suid(arch):
    z = f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-40-00_extra.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zi = zipfile.ZipInfo("id"); zi.external_attr = (0o104755) << 16
        zf.writestr(zi, open("/usr/bin/id", "rb").read())
d = run("zip-suid", suid)
p = f"{d}/downloaded/ps1_memory/extracted/ps1_memory_mallory_attempt_2024-01-30-15-40-00_extra/id"
st = os.stat(p); print("extracted:", p, oct(st.st_mode), "owner uid", st.st_uid)
print("run as nobody:", subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", p], capture_output=True, text=True).stdout.strip())

def notzip(arch):
    open(f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-40-00_notes.zip", "w").write("not a zip")
run("zip-notzip", notzip)

def badtime(arch):
    nbformat.write(good, f"{arch}/ps1_memory_mallory_attempt_2024-01-30-15-40-00_x_mallory_attempt_2024-99-99_ps1_memory.ipynb")
run("zip-badtime", badtime)
