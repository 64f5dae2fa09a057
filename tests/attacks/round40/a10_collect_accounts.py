"""a10: `nbgrader collect` (grader/collect.py's SafeCollect) on a real exchange written by student accounts:
mallory (a40mallory) forges an earlier time (a folder named 2 h ago, written now), a folder in aaron's name with a later
time, a folder name with terminal escapes, and a notebook that is a link to the solution. Controls a40aaron, a40zoe."""
import sys, stat, pwd, datetime; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
def user(name):
    try: pwd.getpwnam(name)
    except KeyError: subprocess.run(["useradd", "-M", "-s", "/usr/sbin/nologin", name], check=True)
def as_user(name, script):
    r = subprocess.run(["runuser", "-u", name, "--", "/bin/sh", "-c", script], capture_output=True, text=True)
    if r.returncode: print("   ", name, "failed:", r.stderr.strip())
    return r
root = make_course("a10"); os.chmod(root, 0o755)
subprocess.run([PY, "-c", f"import sys; sys.path.insert(0,'{CLONE}'); from grader import grade; grade.ensure_in_gradebook(['{A}'], '{root}')"], check=True, cwd=CLONE)
ex = f"{root}/exchange"; inbound = f"{ex}/distcourse/inbound"
os.makedirs(inbound); os.chmod(ex, 0o755); os.chmod(f"{ex}/distcourse", 0o755); os.chmod(inbound, stat.S_ISGID | 0o733)
for u in ("a40aaron", "a40mallory", "a40zoe"): user(u)
nbformat.write(honest(), "/tmp/a40-honest.ipynb"); os.chmod("/tmp/a40-honest.ipynb", 0o644)
fmt = "%Y-%m-%d %H:%M:%S.%f UTC"
now = datetime.datetime.utcnow()
early = (now - datetime.timedelta(hours=2)).strftime(fmt)
later = (now + datetime.timedelta(hours=2)).strftime(fmt)
nows = now.strftime(fmt)
as_user("a40aaron", f"mkdir '{inbound}/a40aaron+{A}+{nows}+a1' && cp /tmp/a40-honest.ipynb '{inbound}/a40aaron+{A}+{nows}+a1/{A}.ipynb'")
as_user("a40zoe", f"mkdir '{inbound}/a40zoe+{A}+{nows}+z1' && cp /tmp/a40-honest.ipynb '{inbound}/a40zoe+{A}+{nows}+z1/{A}.ipynb'")
# mallory: the forged early time, written now
as_user("a40mallory", f"mkdir '{inbound}/a40mallory+{A}+{early}+m1' && cp /tmp/a40-honest.ipynb '{inbound}/a40mallory+{A}+{early}+m1/{A}.ipynb'")
# mallory: a folder in aaron's name, later (would replace aaron's hand-in with hers: an empty answer)
nbformat.write(nbs()[0], "/tmp/a40-release.ipynb"); os.chmod("/tmp/a40-release.ipynb", 0o644)
as_user("a40mallory", f"mkdir '{inbound}/a40aaron+{A}+{later}+m2' && cp /tmp/a40-release.ipynb '{inbound}/a40aaron+{A}+{later}+m2/{A}.ipynb'")
# mallory: escapes in the random part of the name
esc = "m3\x1b]0;PWNED\x07\x1b[2K\r[CollectApp | INFO] all good"
early2 = (now - datetime.timedelta(hours=3)).strftime(fmt)
as_user("a40mallory", f"mkdir \"{inbound}/a40mallory+{A}+{early2}+{esc}\" && ln -s {root}/source/{A}/{A}.ipynb \"{inbound}/a40mallory+{A}+{early2}+{esc}/{A}.ipynb\"")
p = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "collect", A, f"--Exchange.root={ex}"], cwd=root, capture_output=True,
                   env=dict(os.environ, **ENV_CANARY))
print("collect rc", p.returncode)
print("ESC bytes to the TA's terminal:", p.stderr.count(b"\x1b") + p.stdout.count(b"\x1b"))
print(p.stderr.decode(errors="replace")[-5000:])
for st in ("a40aaron", "a40mallory", "a40zoe"):
    d = f"{root}/submitted/{st}/{A}"
    if os.path.isdir(d):
        ts = open(f"{d}/timestamp.txt").read()
        nb = open(f"{d}/{A}.ipynb").read() if os.path.exists(f"{d}/{A}.ipynb") else "<no notebook>"
        print(st, "collected:", sorted(os.listdir(d)), "timestamp:", ts, "| is the release (mallory's forged one)?", nb == open('/tmp/a40-release.ipynb').read(),
              "| holds solution markers?", "BEGIN SOLUTION" in nb)
    else:
        print(st, "not collected")
print("early name time:", early, " now:", nows)
