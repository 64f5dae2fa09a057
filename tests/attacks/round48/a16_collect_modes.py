"""a16: the exchange flow as it starts: the TA (root) releases ps1_memory into an exchange under /tmp, eve48 and bob48
(real accounts) fetch and submit with the course's venv, the TA collects (SafeCollect). Then: the modes of what collect
made in the course folder before any grading run (what a local student reads between collect and the first make
grade), and whether eve48 can list or read bob48's hand-in in the exchange."""
from common import *
c = make_course("a16")
ex = "/tmp/attack48-root-a16-exchange"
subprocess.run(["rm", "-rf", ex]); os.mkdir(ex); os.chmod(ex, 0o1777)
env = dict(os.environ, **ENV_CANARY)
NB = [PY, "-m", "nbgrader"]
def run(cmd, user=None, cwd=c):
    if user:
        cmd = ["runuser", "-u", user, "--", "env", f"HOME=/home/{user}", "PYTHONSAFEPATH=1"] + cmd
    r = subprocess.run(cmd, cwd=cwd, env=env if not user else None, capture_output=True, text=True)
    print("$", " ".join(cmd[-6:]), "rc", r.returncode, (r.stdout + r.stderr).strip()[-600:])
    return r
run(NB + ["release_assignment", "ps1_memory", f"--Exchange.root={ex}", "--force"])
for u in ("eve48", "bob48"):
    home = f"/home/{u}"; os.makedirs(home, exist_ok=True); subprocess.run(["chown", f"{u}:{u}", home])
    work = f"{home}/a16"; subprocess.run(["rm", "-rf", work]); os.makedirs(work); subprocess.run(["chown", f"{u}:{u}", work])
    run(NB + ["fetch_assignment", "ps1_memory", "--course", "distcourse", f"--Exchange.root={ex}"], u, work)
    run(NB + ["submit", "ps1_memory", "--course", "distcourse", f"--Exchange.root={ex}"], u, work)
run(NB + ["collect", "ps1_memory", f"--Exchange.root={ex}"])
subprocess.run(["sh", "-c", f"ls -laR {c}/submitted | head -40"])
r = subprocess.run(["runuser", "-u", "eve48", "--", "sh", "-c", f"ls -la {ex}/distcourse/inbound 2>&1; ls -d {ex}/distcourse/inbound/bob48* 2>&1; ls -la {c}/submitted/bob48/ps1_memory 2>&1"], capture_output=True, text=True)
print("eve48:", r.stdout, r.stderr)
subprocess.run(["rm", "-rf", ex, "/home/eve48/a16", "/home/bob48/a16"])
