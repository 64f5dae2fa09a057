"""a05: `nbgrader list --inbound` (nbgrader's documented way for an instructor to see what was submitted), run by the
TA (root) in the course folder, over a real exchange whose inbound folder (0733 + setgid, as nbgrader makes it) the
students write as their own accounts. Not wrapped by the course (formgrader_guard covers validate, zip_collect,
autograde; grader/collect.py covers collect). Tries: (1) a folder name with terminal escapes printed raw to the TA's
terminal; (2) a notebook that is a link to /dev/zero (nbgrader hashes each notebook: open(path).read()) ;
(3) submission_secret.txt a named pipe (open().read() blocks)."""
import sys, stat, pwd; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

def user(name):
    try: pwd.getpwnam(name)
    except KeyError: subprocess.run(["useradd", "-M", "-s", "/usr/sbin/nologin", name], check=True)
    return pwd.getpwnam(name)

def as_user(name, script):
    return subprocess.run(["runuser", "-u", name, "--", "/bin/sh", "-c", script], capture_output=True, text=True)

root = make_course("a05")
ex = f"{root}/exchange"
inbound = f"{ex}/distcourse/inbound"
os.makedirs(inbound)
os.chmod(ex, 0o755); os.chmod(f"{ex}/distcourse", 0o755)
os.chmod(inbound, stat.S_ISGID | 0o733)
for d in (root, ):
    os.chmod(d, 0o755)
aaron, mallory = user("a40aaron"), user("a40mallory")
nbformat.write(honest(), f"/tmp/a40-honest.ipynb"); os.chmod("/tmp/a40-honest.ipynb", 0o644)
T = "2026-11-29 13:00:00.000000 UTC"
print(as_user("a40aaron", f"mkdir '{inbound}/a40aaron+ps1_memory+{T}+aaa' && cp /tmp/a40-honest.ipynb '{inbound}/a40aaron+ps1_memory+{T}+aaa/ps1_memory.ipynb'"))

mode = sys.argv[1] if len(sys.argv) > 1 else "escape"
if mode == "escape":
    # a title change, clear line, and a forged 'distcourse a40aaron ps1_memory ... (feedback already fetched)' row
    evil = ("2026-11-29 12:00:00.000000 UTC\x1b]0;PWNED-TITLE\x07\x1b[2K\r\x1b[1A\x1b[2K"
            "[ListApp | INFO] distcourse a40zoe ps1_memory 2026-11-29 12:00:00 UTC (no feedback available)")
    d = f"{inbound}/a40mallory+ps1_memory+{evil}+bbb"
    r = as_user("a40mallory", f"mkdir \"$D\" && cp /tmp/a40-honest.ipynb \"$D/ps1_memory.ipynb\"".replace("$D", d.replace('"', '\\"')))
    print("mallory mkdir:", r)
elif mode == "zero":
    d = f"{inbound}/a40mallory+ps1_memory+{T}+ccc"
    print(as_user("a40mallory", f"mkdir '{d}' && ln -s /dev/zero '{d}/ps1_memory.ipynb'"))
elif mode == "fifo":
    d = f"{inbound}/a40mallory+ps1_memory+{T}+ddd"
    print(as_user("a40mallory", f"mkdir '{d}' && cp /tmp/a40-honest.ipynb '{d}/ps1_memory.ipynb' && mkfifo '{d}/submission_secret.txt'"))
elif mode == "glob":
    # a folder whose name, used as a glob for its notebooks, matches aaron's folder: the TA's listing shows a phantom
    # student with aaron's notebooks (and nbgrader hashes them for it)
    d = f"{inbound}/[a]40a*+ps1_memory+*"
    print(as_user("a40mallory", f"mkdir '{d}'"))
elif mode == "fifo-nb":
    d = f"{inbound}/a40mallory+ps1_memory+{T}+eee"
    print(as_user("a40mallory", f"mkdir '{d}' && mkfifo '{d}/ps1_memory.ipynb'"))
elif mode == "secret-zero":
    d = f"{inbound}/a40mallory+ps1_memory+{T}+fff"
    print(as_user("a40mallory", f"mkdir '{d}' && cp /tmp/a40-honest.ipynb '{d}/ps1_memory.ipynb' && ln -s /dev/zero '{d}/submission_secret.txt'"))
print(subprocess.run(["ls", "-la", inbound], capture_output=True, text=True).stdout)
# the TA lists the inbound folder, capped so this test cannot take the machine down (3 GiB of address space, 60 s)
t = time.time()
p = subprocess.run(["prlimit", "--as=3221225472", "--", "timeout", "30", f"{CLONE}/.venv/bin/nbgrader", "list", "--inbound",
                    f"--Exchange.root={ex}"], cwd=root, capture_output=True, env=dict(os.environ, **ENV_CANARY))
dt = time.time() - t
print(f"TA's nbgrader list --inbound: rc={p.returncode} in {dt:.1f}s")
print("stdout repr:", repr(p.stdout[-3000:]))
print("stderr repr:", repr(p.stderr[-3000:]))
print("notebooks listed per entry (--json):", subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "list", "--inbound", "--json", f"--Exchange.root={ex}"], cwd=root, capture_output=True, text=True).stdout[-1500:])
print("ESC bytes reaching the TA's terminal:", p.stderr.count(b"\x1b") + p.stdout.count(b"\x1b"))
