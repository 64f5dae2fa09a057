"""a17: a16's real exchange flow carried through: root grades the collected hand-ins (the course's first run) while
eve48 polls .autograding/ (a03/a10), root releases feedback, and eve48 puts bob48's copied secret into her own nbgrader
cache and runs `nbgrader fetch_feedback` with the course's venv: does she get bob48's page through nbgrader itself?"""
from common import *
import glob, hashlib
c = make_course("a17")
ex = "/tmp/attack48-root-a17-exchange"
subprocess.run(["rm", "-rf", ex]); os.mkdir(ex); os.chmod(ex, 0o1777)
env = dict(os.environ, **ENV_CANARY)
NB = [PY, "-m", "nbgrader"]
def run(cmd, user=None, cwd=c):
    if user:
        cmd = ["runuser", "-u", user, "--", "env", f"HOME=/home/{user}", "PYTHONSAFEPATH=1"] + cmd
    r = subprocess.run(cmd, cwd=cwd, env=env if not user else None, capture_output=True, text=True)
    print("$", " ".join(cmd[-5:]), "rc", r.returncode, (r.stdout + r.stderr).strip()[-500:])
    return r
run(NB + ["release_assignment", "ps1_memory", f"--Exchange.root={ex}", "--force"])
sol = honest()
for u in ("eve48", "bob48"):
    home = f"/home/{u}"; work = f"{home}/a17"
    subprocess.run(["rm", "-rf", work, f"{home}/.local/share/jupyter/nbgrader_cache"]); os.makedirs(work)
    subprocess.run(["chown", "-R", f"{u}:{u}", home])
    run(NB + ["fetch_assignment", "ps1_memory", "--course", "distcourse", f"--Exchange.root={ex}"], u, work)
    mine = honest(overrides={"written_ddp_fit": f"BOB48-PRIVATE-ANSWER: data parallelism keeps a full copy"} if u == "bob48" else None)
    nbformat.write(mine, f"{work}/ps1_memory/ps1_memory.ipynb"); subprocess.run(["chown", f"{u}:{u}", f"{work}/ps1_memory/ps1_memory.ipynb"])
    run(NB + ["submit", "ps1_memory", "--course", "distcourse", f"--Exchange.root={ex}"], u, work)
run(NB + ["collect", "ps1_memory", f"--Exchange.root={ex}"])
loot = "/tmp/eve48-loot-root-a17"; subprocess.run(["rm", "-rf", loot]); stop = "/tmp/eve48-stop-root-a17"
if os.path.exists(stop): os.remove(stop)
w = subprocess.Popen(["runuser", "-u", "eve48", "--", PY, "/tmp/eve48-watch-root-a10.py", c, loot, stop])
grade(c)
open(stop, "w").close(); w.wait(timeout=30)
print(open(c + "/grades.csv").read())
bob = [open(os.path.join(loot, f)).read() for f in os.listdir(loot) if "_bob48_" in f and f.endswith("submission_secret.txt")]
print("eve48 copied bob48's secret:", bool(bob))
run(NB + ["release_feedback", "ps1_memory", f"--Exchange.root={ex}"])
if bob:
    cache = glob.glob("/home/eve48/.local/share/jupyter/nbgrader_cache/distcourse/*/submission_secret.txt")
    print("eve48's cache:", cache)
    for p in cache:
        subprocess.run(["runuser", "-u", "eve48", "--", "sh", "-c", f"printf %s '{bob[0]}' > '{p}'"])
    run(NB + ["fetch_feedback", "ps1_memory", "--course", "distcourse", f"--Exchange.root={ex}"], "eve48", "/home/eve48/a17")
    got = glob.glob("/home/eve48/a17/ps1_memory/feedback/*/*.html")
    bobpage = f"{ex}/distcourse/feedback/" + hashlib.md5((bob[0] + "ps1_memory").encode()).hexdigest() + ".html"
    print("eve48 fetched:", got, "== bob48's page:", bool(got) and open(got[0]).read() == open(bobpage).read(),
          "| holds bob48's private answer:", bool(got) and "BOB48-PRIVATE-ANSWER" in open(got[0]).read())
subprocess.run(["rm", "-rf", ex, loot, "/home/eve48/a17", "/home/bob48/a17", "/home/eve48/.local/share/jupyter/nbgrader_cache", "/home/bob48/.local/share/jupyter/nbgrader_cache"])
