"""A12: round 48's main fix (umask 077, private folders made first) re-checked: eve (local account) walks a fresh
course folder (0755, made by the TA with umask 022, hand-ins put in by hand) every ~20 ms through its first run, and
opens every file and folder she can (release/ and nbgrader_config.py are public by design and left out), keeping a
descriptor of each folder she could open."""
import os, subprocess, sys, time, json
sys.path.insert(0, os.path.dirname(__file__))
from harness import course, hand_in, nb_for, grade, scores
watch = r'''
import os, sys, time, json
root = sys.argv[1]; got = {}; held = []
while not os.path.exists("/tmp/eve49-stop12"):
    for dp, dns, fns in os.walk(root):
        rel = os.path.relpath(dp, root)
        if rel.startswith("release") or rel.startswith("submitted"): dns[:] = []; continue
        for n in fns:
            p = os.path.join(dp, n)
            if p.endswith("nbgrader_config.py"): continue
            try:
                with open(p, "rb") as fh: b = fh.read(200000)
                got[os.path.relpath(p, root)] = len(b)
            except OSError: pass
        if rel != ".":
            try: held.append(os.open(dp, os.O_RDONLY | os.O_DIRECTORY)); got.setdefault("DIR " + rel, 0)
            except OSError: pass
    time.sleep(0.02)
print(json.dumps(got))
'''
open("/tmp/eve49-watch12.py", "w").write(watch)
if os.path.exists("/tmp/eve49-stop12"): os.unlink("/tmp/eve49-stop12")
old = os.umask(0o022)
d = course("a12"); os.chmod(d, 0o755)
for s in ("aaron", "mallory", "zoe"): hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
os.umask(old)
w = subprocess.Popen(["setpriv", "--reuid", "2491", "--regid", "2491", "--clear-groups", "/usr/bin/python3", "/tmp/eve49-watch12.py", d],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd="/home/eve49", env={"PATH": "/usr/bin:/bin"})
time.sleep(1)
grade(d, "ps1_memory", quiet=True); scores(d, "ps1_memory")
open("/tmp/eve49-stop12", "w").close()
got = json.loads(w.communicate()[0].strip().splitlines()[-1])
print("what eve opened during the first run (outside release/, submitted/ and nbgrader_config.py):", json.dumps(got, indent=0)[:3000])
os.unlink("/tmp/eve49-stop12")
