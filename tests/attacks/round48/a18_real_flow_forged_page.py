"""a18: a11 through nbgrader's own commands: bob48 submits; root collects and grades (first run) while eve48 polls
.autograding/ and copies bob48's secret; eve48 then submits late, rewrites the submission_secret.txt of her own inbound
folder (hers to chmod and write) to bob48's secret; root collects again, grades (eve48's first grading), releases
feedback; bob48 runs `nbgrader fetch_feedback`. Which page does bob48 get?"""
from common import *
import glob
c = make_course("a18")
ex = "/tmp/attack48-root-a18-exchange"
subprocess.run(["rm", "-rf", ex]); os.mkdir(ex); os.chmod(ex, 0o1777)
env = dict(os.environ, **ENV_CANARY)
NB = [PY, "-m", "nbgrader"]
def run(cmd, user=None, cwd=c):
    if user:
        cmd = ["runuser", "-u", user, "--", "env", f"HOME=/home/{user}", "PYTHONSAFEPATH=1"] + cmd
    r = subprocess.run(cmd, cwd=cwd, env=env if not user else None, capture_output=True, text=True)
    print("$", " ".join(cmd[-5:]), "rc", r.returncode, (r.stdout + r.stderr).strip()[-300:])
    return r
FORGED = "FORGED-BY-EVE48: bob48, your ps1_memory was flagged for plagiarism; 0 / 30"
run(NB + ["release_assignment", "ps1_memory", f"--Exchange.root={ex}", "--force"])
def student(u, nb):
    home = f"/home/{u}"; work = f"{home}/a18"
    subprocess.run(["rm", "-rf", work, f"{home}/.local/share/jupyter/nbgrader_cache"]); os.makedirs(work)
    subprocess.run(["chown", "-R", f"{u}:{u}", home])
    run(NB + ["fetch_assignment", "ps1_memory", "--course", "distcourse", f"--Exchange.root={ex}"], u, work)
    nbformat.write(nb, f"{work}/ps1_memory/ps1_memory.ipynb"); subprocess.run(["chown", f"{u}:{u}", f"{work}/ps1_memory/ps1_memory.ipynb"])
    run(NB + ["submit", "ps1_memory", "--course", "distcourse", f"--Exchange.root={ex}"], u, work)
student("bob48", honest())
run(NB + ["collect", "ps1_memory", f"--Exchange.root={ex}"])
loot = "/tmp/eve48-loot-root-a18"; subprocess.run(["rm", "-rf", loot]); stop = "/tmp/eve48-stop-root-a18"
if os.path.exists(stop): os.remove(stop)
w = subprocess.Popen(["runuser", "-u", "eve48", "--", PY, "/tmp/eve48-watch-root-a10.py", c, loot, stop])
grade(c)
open(stop, "w").close(); w.wait(timeout=30)
bob = [open(os.path.join(loot, f)).read() for f in os.listdir(loot) if "_bob48_" in f and f.endswith("submission_secret.txt")]
print("eve48 copied bob48's secret:", bool(bob))
student("eve48", honest(overrides={"written_ddp_fit": FORGED}))
mine = glob.glob(f"{ex}/distcourse/inbound/eve48+*/submission_secret.txt")[0]
r = subprocess.run(["runuser", "-u", "eve48", "--", "sh", "-c", f"chmod u+w \"$(dirname '{mine}')\" '{mine}' && printf %s '{bob[0]}' > '{mine}' && echo rewritten"], capture_output=True, text=True)
print("eve48 rewrites her inbound secret:", r.stdout, r.stderr)
run(NB + ["collect", "ps1_memory", "--update", f"--Exchange.root={ex}"])
grade(c)
print(open(c + "/grades.csv").read())
run(NB + ["release_feedback", "ps1_memory", f"--Exchange.root={ex}"])
print("pages:", os.listdir(f"{ex}/distcourse/feedback"))
run(NB + ["fetch_feedback", "ps1_memory", "--course", "distcourse", f"--Exchange.root={ex}"], "bob48", "/home/bob48/a18")
got = glob.glob("/home/bob48/a18/ps1_memory/feedback/*/*.html")
print("bob48 fetched:", got, "| it is eve48's forged page:", bool(got) and "FORGED-BY-EVE48" in open(got[0]).read())
subprocess.run(["rm", "-rf", ex, loot, "/home/eve48/a18", "/home/bob48/a18", "/home/eve48/.local/share/jupyter/nbgrader_cache", "/home/bob48/.local/share/jupyter/nbgrader_cache"])
