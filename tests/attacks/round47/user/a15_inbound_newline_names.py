"""a15: a11's newline trick against the TA's own commands (course id set): eve's folders in distcourse/inbound named
with newlines and ESC (`eve47+ps1_memory+x\\ny`, `eve47+ps1_memory+2026-11-29 20:00:00.000000 UTC\\n[CollectApp | INFO]...`):
does `nbgrader list --inbound` or `nbgrader collect` as the TA crash, stop the class, or print them raw?"""
import os, subprocess, shutil, sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import nb_for
import nbformat
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))); NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack47-user-ex15"
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base); os.chown(base, 65534, 65534)
ta = f"{base}/course"; os.makedirs(ta); shutil.copy(f"{CLONE}/nbgrader_config.py", ta)
shutil.copytree(f"{CLONE}/source", f"{ta}/source"); shutil.copytree(f"{CLONE}/release", f"{ta}/release")
subprocess.run(["chown", "-R", "65534:65534", base])
root = f"{base}/exchange"; X = f"--Exchange.root={root}"
def as_user(uid, cmd, cwd):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": cwd if uid != 65534 else "/tmp/attack47-user-home", "LANG": "C.UTF-8"}
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd, env=env, capture_output=True, timeout=300)
    return r.returncode, (r.stdout + r.stderr).decode(errors="backslashreplace")
print("release", as_user(65534, [NB, "release_assignment", "ps1_memory", X, "--force"], ta)[0])
w = "/home/bob47/w15"; shutil.rmtree(w, ignore_errors=True); os.makedirs(w); os.chown(w, 2002, 2002); os.chmod(w, 0o700)
as_user(2002, [NB, "fetch_assignment", "ps1_memory", X, "--course", "distcourse"], w)
p = f"{w}/ps1_memory/ps1_memory.ipynb"; nbformat.write(nb_for("ps1_memory"), p); os.chown(p, 2002, 2002)
print("bob submit", as_user(2002, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], w)[0])
code = f'''
import os, shutil
i = os.path.join({root!r}, "distcourse", "inbound")
for n in ("eve47+ps1_memory+x\\ny", "eve47+ps1_memory+2026-11-29 20:00:00.000000 UTC\\n[CollectApp | INFO] Collecting submission: bob47 ps1_memory\\x1b[2K",
          "bob47+ps1_memory+2030-01-01 00:00:00.000000 UTC\\nx"):
    os.mkdir(os.path.join(i, n))
    open(os.path.join(i, n, "ps1_memory.ipynb"), "w").write("{{}}")
'''
print("eve", as_user(2001, ["/usr/bin/python3", "-c", code], "/home/eve47"))
for args in (["list", "--inbound"], ["collect", "ps1_memory"]):
    rc, out = as_user(65534, [NB, *args, X], ta)
    print(f"TA nbgrader {' '.join(args)}: rc={rc}, raw ESC: {chr(27) in out}, raw forged line: {'[CollectApp | INFO] Collecting submission: bob47' in out}")
    print("   " + out.strip()[-1200:].replace("\n", "\n   "))
print(subprocess.run(["find", f"{ta}/submitted"], capture_output=True, text=True).stdout)
