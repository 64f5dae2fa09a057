"""A student with an account (st53u) watches /tmp (and /dev/shm, /var/tmp) while the grader (uid 65534) grades three
students: every entry of the TA's uid, its mode, and whether she can list/read it (kernel template socket folder,
grade-kernel-* private folders, anything else)."""
import os, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
WATCH = r'''
import os, time, stat, json
seen = {}
end = time.time() + 55
while time.time() < end:
    for base in ("/tmp", "/dev/shm", "/var/tmp"):
        try: names = os.listdir(base)
        except Exception: continue
        for n in names:
            p = os.path.join(base, n)
            if p in seen: continue
            try: st = os.lstat(p)
            except Exception: continue
            if st.st_uid != 65534: continue
            try:
                if stat.S_ISDIR(st.st_mode): got = "LISTED " + ",".join(os.listdir(p))[:120]
                else: got = "READ " + open(p, "rb").read(60).hex()
            except Exception as e: got = type(e).__name__
            seen[p] = (oct(st.st_mode), got)
    time.sleep(0.1)
for p, v in sorted(seen.items()):
    if "attack53-user" in p and "home" not in p and "-a05" not in p: continue
    print("ENTRY", p, *v)
'''
open("/tmp/attack53-user-watch5.py", "w").write(WATCH); os.chmod("/tmp/attack53-user-watch5.py", 0o644)
st = subprocess.Popen(["setpriv", "--reuid", "st53u", "--regid", "st53u", "--clear-groups", "/usr/bin/python3", "/tmp/attack53-user-watch5.py"],
                      cwd="/", env={"PATH": "/usr/bin:/bin"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(1)
d, r, sc = harness.run_class("a05", "ps1_memory", {"mallory": {}})
out, _ = st.communicate(timeout=200)
print(out[-5000:])
os.unlink("/tmp/attack53-user-watch5.py")
