"""a17: a14's root cause for autograde: the course's refusal of unsandboxed execution (ResilientExecute in
Autograde.autograde_preprocessors) is in its nbgrader_config.py. The TA runs `nbgrader autograde` from her home with
--CourseDirectory.root=<course> (and, second try, `nbgrader autograde` with --Execute.kernel_name). Does mallory's
hand-in run as the TA?"""
import os, sys, subprocess
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
PROOF = "/tmp/attack39-root-a17-proof.json"
code = f'''
import os, json
json.dump({{"uid": os.getuid(), "DATABASE_URL": os.environ.get("DATABASE_URL")}}, open("{PROOF}", "w"))
'''
d = make_course("a17"); put(d, "aaron", solution_nb()); put(d, "mallory", probe_nb(code)); put(d, "zoe", solution_nb())
grade(d); scores(d)  # make grade first: the gradebook knows the assignment (the usual state)
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
for cwd, args in (("/root", ["autograde", "ps1_memory", "--student", "mallory", f"--CourseDirectory.root={d}", "--force"]),):
    if os.path.exists(PROOF): os.unlink(PROOF)
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    tail = [l for l in (r.stdout + r.stderr).splitlines() if "ERROR" in l or "Unsandboxed" in l or "Sandbox" in l]
    print(f"cwd={cwd} nbgrader {' '.join(args)}: rc {r.returncode} | {tail[-1][:200] if tail else (r.stdout + r.stderr)[-200:]}")
    print("   proof:", open(PROOF).read() if os.path.exists(PROOF) else "none")
    if os.path.exists(PROOF): os.unlink(PROOF)
