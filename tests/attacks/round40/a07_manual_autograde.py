"""a07: the TA runs nbgrader's own `nbgrader autograde ps1_memory` in the course folder (nbgrader's documented way; the
course's executor refuses an unsandboxed kernel). What does that leave in autograded/ for Formgrader: mallory's
hand-in as written (a written answer with <img onerror>), or nothing? Also with `--force` and while it runs (Ctrl-C)."""
import sys, signal; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
XSS = '<img src=x onerror="fetch(\'/formgrader/api/...\')"> PWNED-WRITTEN'
def nb_xss():
    nb = honest()
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit":
            c.source = XSS
    return nb
root = make_course("a07")
subprocess.run([PY, "-c", f"import sys; sys.path.insert(0,'{CLONE}'); from grader import grade; grade.ensure_in_gradebook(['{A}'], '{root}')"], check=True, cwd=CLONE)
hand_in(root, "aaron", honest())
hand_in(root, "mallory", nb_xss())
hand_in(root, "zoe", honest())
env = dict(os.environ, **ENV_CANARY)
nbg = f"{CLONE}/.venv/bin/nbgrader"
# 1: plain run to completion
p = subprocess.run([nbg, "autograde", A], cwd=root, env=env, capture_output=True, text=True, timeout=600)
print("nbgrader autograde rc", p.returncode); print(p.stderr[-2500:])
def look(tag):
    for st in ("aaron", "mallory", "zoe"):
        f = f"{root}/autograded/{st}/{A}/{A}.ipynb"
        if os.path.exists(f):
            t = open(f).read()
            print(tag, st, "autograded notebook exists; raw onerror present:", "onerror=" in t and "<img" in t, "| escaped:", "&lt;img" in t)
        else:
            print(tag, st, "no autograded notebook;", os.listdir(f"{root}/autograded") if os.path.isdir(f"{root}/autograded") else "no autograded/")
look("after run:")
# 2: interrupted run (Ctrl-C after 3 s), as a TA would stop a slow run
shutil.rmtree(f"{root}/autograded", ignore_errors=True)
pr = subprocess.Popen([nbg, "autograde", A, "--force"], cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(2.0)
pr.send_signal(signal.SIGINT)
out = pr.communicate(timeout=120)[0]
print("interrupted rc", pr.returncode); print(out[-1500:])
look("after Ctrl-C:")
