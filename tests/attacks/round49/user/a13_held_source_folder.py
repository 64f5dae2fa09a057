"""A13 (a12's follow-up): a12 shows the window before a course's first run (the TA made the course folder and copied
source/ in with her umask 022, as the brief's recipe does): eve opened source/<assignment>/ folders and read the
solutions. That window is the TA's. But `keep_private` then chmods only source/ itself (0700); each
source/<assignment>/ keeps 0755, so a descriptor eve holds of one keeps working. Later the TA edits a solution
notebook (Jupyter saves by writing a new file and renaming it over the old one, with the old file's mode): eve reads
the new version, after the run said "made readable by you only"."""
import os, subprocess, sys, time, json
sys.path.insert(0, os.path.dirname(__file__))
from harness import course, hand_in, nb_for, grade, scores
spy = r'''
import os, sys, time
root = sys.argv[1]
fds = {a: os.open(f"{root}/source/{a}", os.O_RDONLY | os.O_DIRECTORY) for a in ("ps1_memory", "ps2_ddp")}
print("eve holds source/ps1_memory/ and source/ps2_ddp/", flush=True)
while not os.path.exists("/tmp/eve49-go13"): time.sleep(0.1)
try: os.listdir(root + "/source"); print("eve lists source/ by path: yes")
except OSError as e: print("eve lists source/ by path:", e.strerror)
for a, fd in fds.items():
    try:
        b = open(os.open(f"{a}.ipynb", os.O_RDONLY, dir_fd=fd), "rb").read()
        print(f"eve read source/{a}/{a}.ipynb through her descriptor: {len(b)} bytes; BEGIN SOLUTION x{b.count(b'BEGIN SOLUTION')}; TA's new line: {b'edited by the TA after the run' in b}")
    except OSError as e:
        print(a, "refused:", e.strerror)
'''
open("/tmp/eve49-spy13.py", "w").write(spy)
if os.path.exists("/tmp/eve49-go13"): os.unlink("/tmp/eve49-go13")
old = os.umask(0o022); d = course("a13"); os.chmod(d, 0o755)
for s in ("aaron", "mallory", "zoe"): hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
os.umask(old)
w = subprocess.Popen(["setpriv", "--reuid", "2491", "--regid", "2491", "--clear-groups", "/usr/bin/python3", "/tmp/eve49-spy13.py", d],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd="/home/eve49", env={"PATH": "/usr/bin:/bin"})
time.sleep(1)
r = grade(d, "ps1_memory", quiet=True); print(r.stderr[:300]); scores(d, "ps1_memory")
# the TA edits ps2's solution after the run, as Jupyter saves (new file, old mode, renamed over), as the TA (65534, umask 077)
edit = f'''
import os, json, shutil
p = "{d}/source/ps2_ddp/ps2_ddp.ipynb"
nb = json.load(open(p)); nb["cells"][0]["source"] = "# edited by the TA after the run\\n" + "".join(nb["cells"][0]["source"])
os.umask(0o077)
tmp = p + ".~tmp"; json.dump(nb, open(tmp, "w")); shutil.copymode(p, tmp); os.replace(tmp, p)
print("TA saved", oct(os.stat(p).st_mode & 0o777))
'''
print(subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", sys.executable, "-c", edit], capture_output=True, text=True).stdout)
open("/tmp/eve49-go13", "w").close()
print(w.communicate(timeout=60)[0]); os.unlink("/tmp/eve49-go13")
