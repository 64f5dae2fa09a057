"""A09: what a02's held descriptor gives besides the secret. During bob's first submission eve holds his cache's
inner folder (a02's race); afterwards, through it, she reads (1) his handed-in notebook (nbgrader's cache keeps a copy
of the whole assignment folder), before the deadline: she hands it in as her own; and (2) his submission_secret.txt,
which she writes into her own inbound folder (hers, its name printed by her submit): release_feedback's round-48
guard then finds two students of one secret and releases neither page, so bob gets no feedback."""
import os, subprocess, shutil, sys, glob, re, time, json
sys.path.insert(0, os.path.dirname(__file__))
from harness import nb_for, grade, scores, hand_in
from exch import setup, as_user, NB, PY
import nbformat
base, ta, root = setup("a09")
X = f"--Exchange.root={root}"
as_user(65534, [NB, "release_assignment", "ps1_memory", X, "--force"], ta, show=False)
spy = r'''
import os, sys, time, json
course = "/home/bob49/.local/share/jupyter/nbgrader_cache/distcourse"
deadline = time.time() + 40
inner = None
while time.time() < deadline and inner is None:
    try:
        cfd = os.open(course, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        continue
    try:
        while time.time() < deadline and inner is None:
            for name in os.listdir(cfd):
                try:
                    inner = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=cfd); break
                except OSError as e:
                    deadline = 0; break
    finally:
        os.close(cfd)
if inner is None:
    print("eve: lost the race"); sys.exit(0)
time.sleep(3)
try: os.listdir(course); print("eve lists bob's cache by path: yes")
except OSError as e: print("eve lists bob's cache by path:", e.strerror)
print("eve's held folder holds:", sorted(os.listdir(inner)))
s = open(os.open("submission_secret.txt", os.O_RDONLY, dir_fd=inner)).read()
open("/tmp/eve49-secret", "w").write(s)
nb = open(os.open("ps1_memory.ipynb", os.O_RDONLY, dir_fd=inner)).read()
open("/home/eve49/ps1_memory/ps1_memory.ipynb", "w").write(nb)
print("eve copied bob's cached notebook into her own:", len(nb), "bytes; his secret", s[:12] + "...")
'''
open("/tmp/eve49-spy9.py", "w").write(spy)
if os.path.exists("/tmp/eve49-secret"): os.unlink("/tmp/eve49-secret")
for trial in range(8):  # each a first submission (bob's cache removed before it): one try a student and course
    for who, uid in (("bob49", 2492), ("eve49", 2491)):
        h = f"/home/{who}"; shutil.rmtree(f"{h}/ps1_memory", ignore_errors=True); shutil.rmtree(f"{h}/.local", ignore_errors=True)
        as_user(uid, [NB, "fetch_assignment", "ps1_memory", X, "--course", "distcourse", "--replace"], h, show=False)
    for f in glob.glob(f"{root}/distcourse/inbound/bob49+*"): shutil.rmtree(f)
    p = "/home/bob49/ps1_memory/ps1_memory.ipynb"; nbformat.write(nb_for("ps1_memory"), p); os.chown(p, 2492, 2492)
    # eve's own notebook: the untouched release (she does no work)
    w = subprocess.Popen(["setpriv", "--reuid", "2491", "--regid", "2491", "--clear-groups", PY, "/tmp/eve49-spy9.py"],
                         cwd="/home/eve49", env={"PATH": "/usr/bin:/bin", "HOME": "/home/eve49"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(1.5)
    as_user(2492, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], "/home/bob49", show=False)
    print(f"trial {trial}:", w.communicate()[0].strip())
    if os.path.exists("/tmp/eve49-secret"):
        break
if os.path.exists("/tmp/eve49-secret"):
    r = as_user(2491, [NB, "submit", "ps1_memory", X, "--course", "distcourse"], "/home/eve49")
    folder = re.search(r"Destination: (\S+inbound/\S+ UTC\+\w+)", r.stdout + r.stderr)
    dest = folder[1] if folder else None
    if dest is None:
        m = re.search(r"Destination: (.*)", r.stdout + r.stderr); dest = m[1].strip()
    as_user(2491, ["/bin/cp", "/tmp/eve49-secret", f"{dest}/submission_secret.txt"], "/home/eve49")
    print("eve's hand-in secret now:", open(f"{dest}/submission_secret.txt").read()[:12], "bob's:", open("/tmp/eve49-secret").read()[:12])
    as_user(65534, [NB, "collect", "ps1_memory", X], ta)
    hand_in(ta, "aaron", "ps1_memory", nb_for("ps1_memory")); hand_in(ta, "zoe", "ps1_memory", nb_for("ps1_memory"))
    grade(ta, "ps1_memory", quiet=True); scores(ta, "ps1_memory")
    as_user(65534, [NB, "release_feedback", "ps1_memory", X], ta)
    as_user(2492, [NB, "fetch_feedback", "ps1_memory", X, "--course", "distcourse"], "/home/bob49")
    print(subprocess.run(f"ls -la {root}/distcourse/feedback; find /home/bob49/ps1_memory -name '*.html'", shell=True, capture_output=True, text=True).stdout)
    os.unlink("/tmp/eve49-secret")
