"""a07: a04's link, to a device: mallory's hand-in holds `data.bin -> /dev/zero`. nbgrader's do_copy checks the folder's
size with os.walk (links not followed) and each file's with os.path.getsize (/dev/zero: 0), then copytree follows the
link and copies /dev/zero until the disk is full. The course folder here is a 300 MB tmpfs so that only it fills;
on a grading machine it is the TA's disk. Timed; aaron's and zoe's collection after it, and a grading run after."""
from lib import *
A = "ps1_memory"
d = "/tmp/attack38-user-a07"
subprocess.run(["umount", d], capture_output=True)
os.makedirs(d, exist_ok=True)
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=300m,mode=0755", "tmpfs", d], check=True)
try:
    for name in ("nbgrader_config.py",):
        shutil.copy(f"{CLONE}/{name}", d)
    shutil.copytree(f"{CLONE}/source", f"{d}/source"); shutil.copytree(f"{CLONE}/release", f"{d}/release")
    X = "/tmp/attack38-user-a07-exchange"
    if os.path.exists(X): shutil.rmtree(X)
    inbound = f"{X}/distcourse/inbound"; os.makedirs(inbound)
    chown(d); chown(X); os.chmod(f"{X}/distcourse", 0o755); os.chmod(inbound, 0o733)
    def as_student(uid, code):
        subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups", sys.executable, "-c", code], check=True)
    ts = "2026-11-29 11:00:00.000000 UTC"
    for uid, s in ((2001, "aaron"), (2002, "mallory"), (2003, "zoe")):
        tmp = f"/tmp/attack38-user-a07-{s}.ipynb"
        nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        extra = "; os.symlink('/dev/zero', p+'/data.bin')" if s == "mallory" else ""
        as_student(uid, f"import os,shutil; p='{inbound}/{s}+{A}+{ts}+r{uid}'; os.mkdir(p); os.chmod(p,0o755); shutil.copy('{tmp}', p+'/{A}.ipynb'){extra}")
    t = time.time()
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                        f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"]), capture_output=True, text=True, timeout=600)
    print(f"collect rc {r.returncode} in {time.time()-t:.1f}s", (r.stdout + r.stderr)[-1800:])
    os.system(f"df -h {d}; ls -la {d}/submitted/*/{A}/ 2>&1")
    grade(d, A)
    scores(d)
finally:
    subprocess.run(["umount", d])
