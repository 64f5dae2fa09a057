"""a01d again, measuring: st53u dumps every execute_input she receives; compared (as root, afterwards) with each
solution region of source/ps1_memory (tools.submissions.solution_text) and each hidden-test region."""
import os, subprocess, sys, time, json
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
import nbformat
from tools.submissions import solution_text
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
STUDENT = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "a01_bench_autograde_iopub.py")).read().split("STUDENT = r'''", 1)[1].split("'''", 1)[0]
STUDENT += '\njson.dump(codes, open("/tmp/attack53-user-codes.json", "w"))\n'
open("/tmp/attack53-user-student1g.py", "w").write(STUDENT); os.chmod("/tmp/attack53-user-student1g.py", 0o644)
st = subprocess.Popen(["setpriv", "--reuid", "st53u", "--regid", "st53u", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack53-user-student1g.py"],
                      cwd="/", env={"PATH": "/usr/bin:/bin", "SECS": "35"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(3)
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/tmp/attack53-user-home", "LANG": "C.UTF-8"}
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/nbgrader", "validate",
                    "source/ps1_memory/ps1_memory.ipynb"], cwd=CLONE, env=env, capture_output=True, text=True, timeout=300)
st.communicate(timeout=100)
codes = json.load(open("/tmp/attack53-user-codes.json"))
src = nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4)
sols = [(c.metadata["nbgrader"]["grade_id"], solution_text(c)) for c in src.cells if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"]
hidden = [(c.metadata["nbgrader"]["grade_id"], c.source.split("### BEGIN HIDDEN TESTS")[1].split("### END HIDDEN TESTS")[0]) for c in src.cells if "### BEGIN HIDDEN TESTS" in c.source]
blob = "\n".join(codes)
print("validate rc", r.returncode, "cells received", len(codes))
print("solution regions read verbatim:", sum(t.strip() in blob for _, t in sols), "of", len(sols), [g for g, t in sols if t.strip() in blob])
lines = [(g, [l for l in t.splitlines() if l.strip()]) for g, t in sols]
print("solution lines read:", sum(l in blob for _, ls in lines for l in ls), "of", sum(len(ls) for _, ls in lines), {g: f"{sum(l in blob for l in ls)}/{len(ls)}" for g, ls in lines})
print("hidden-test regions read verbatim:", sum(t.strip() in blob for _, t in hidden), "of", len(hidden))
os.unlink("/tmp/attack53-user-student1g.py"); os.unlink("/tmp/attack53-user-codes.json")
