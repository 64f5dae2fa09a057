"""a12: the TA presses Ctrl-\\ (SIGQUIT to the terminal's foreground process group) while mallory's hand-in runs (a cell
that sleeps; its written answer holds <img onerror>). Round 36 handled SIGTERM/SIGHUP like Ctrl-C and tested kill -9.
After it: what is left (autograded/, .autograding/, processes of the sandbox users, cgroups), and does the next
`make grade` grade everyone (controls aaron, zoe)?"""
import sys, signal, pwd; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
nbm = hostile("import time\ntime.sleep(45)")
for c in nbm.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit":
        c.source = '<img src=x onerror="alert(1)"> PWNED-WRITTEN'
root = make_course("a12")
hand_in(root, "aaron", honest()); hand_in(root, "mallory", nbm); hand_in(root, "zoe", honest())
env = dict(os.environ, **ENV_CANARY)
pr = subprocess.Popen([PY, "-m", "grader.grade", "--course-dir", root, "--workers", "1", A], cwd=CLONE, env=env,
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
# wait until mallory is being graded
t0 = time.time()
while time.time() - t0 < 120:
    if os.path.isdir(f"{root}/.autograding/mallory"): break
    time.sleep(0.2)
time.sleep(6)
print("mallory grading for 6 s; SIGQUIT to the grader's process group")
os.killpg(pr.pid, signal.SIGQUIT)
out = pr.communicate(timeout=120)[0]
print("grader rc", pr.returncode); print(out[-1500:])
time.sleep(3)
def ps_sandbox():
    r = subprocess.run(["ps", "-eo", "pid,uid,pgid,stat,etime,cmd"], capture_output=True, text=True).stdout.splitlines()
    return [l for l in r if l.split()[1].isdigit() and 65400 <= int(l.split()[1]) <= 65534 or "grade-kernel" in l or "grader.sandbox" in l or "grader.zygote" in l]
print("left processes:", ps_sandbox())
for d in ("autograded", ".autograding", ".taken"):
    p = f"{root}/{d}"
    print(d, ":", [os.path.relpath(os.path.join(a, f), root) for a, _, fs in os.walk(p) for f in fs] if os.path.isdir(p) else "none")
raw = [f for f in subprocess.run(["grep", "-rl", "onerror=", root + "/autograded"], capture_output=True, text=True).stdout.split()]
print("raw <img onerror> under autograded/:", raw or "none")
print("--- the next run")
grade(root)
summary(root)
print("left processes after the second run:", ps_sandbox())
