"""(a01e: the generic tool, `jupyter nbconvert --execute` of the solution, as the TA, with the course's venv.) Was: a01's channel through nbgrader's Validate as the TA uses it on her own solution notebook (the CLI, in the checkout,
with the course's venv: `nbgrader validate source/ps1_memory/ps1_memory.ipynb`, what nbgrader's docs have an
instructor do before releasing). The course's Validate guard lets the TA's own notebook through and runs a copy in a
private folder; its kernel is nbgrader's own (jupyter_client's default transport)."""
import os, subprocess, sys, time
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
STUDENT = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "a01_bench_autograde_iopub.py")).read().split("STUDENT = r'''", 1)[1].split("'''", 1)[0]
open("/tmp/attack53-user-student1e.py", "w").write(STUDENT); os.chmod("/tmp/attack53-user-student1e.py", 0o644)
st = subprocess.Popen(["setpriv", "--reuid", "st53u", "--regid", "st53u", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack53-user-student1e.py"],
                      cwd="/", env={"PATH": "/usr/bin:/bin", "SECS": os.environ.get("SECS", "70")}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(3)
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/tmp/attack53-user-home", "LANG": "C.UTF-8",
       "DATABASE_URL": "postgresql://ta:secret@localhost/x", "AWS_SECRET_ACCESS_KEY": "AKIASECRETCANARY123"}
t = time.time()
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/jupyter", "nbconvert", "--to", "notebook", "--execute",
                    "--ExecutePreprocessor.allow_errors=True", "--stdout", "source/ps1_memory/ps1_memory.ipynb"], cwd=CLONE, env=env, capture_output=True, text=True, timeout=400)
print(f"TA's jupyter nbconvert --execute rc={r.returncode} in {time.time()-t:.0f}s: {len(r.stdout)} {r.stderr[-600:]}")
out, _ = st.communicate(timeout=200)
print("STUDENT (uid st53u) collected:\n" + out[-2500:])
os.unlink("/tmp/attack53-user-student1e.py")
