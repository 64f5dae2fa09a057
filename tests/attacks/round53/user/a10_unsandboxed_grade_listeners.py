"""`make grade UNSANDBOXED=1` (--unsandboxed, e.g. `make demo` without bubblewrap: our solutions): a01's listener during the run (honest students only)."""
import os, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
STUDENT = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "a01_bench_autograde_iopub.py")).read().split("STUDENT = r'''", 1)[1].split("'''", 1)[0]
open("/tmp/attack53-user-student10.py", "w").write(STUDENT); os.chmod("/tmp/attack53-user-student10.py", 0o644)
st = subprocess.Popen(["setpriv", "--reuid", "st53u", "--regid", "st53u", "--clear-groups", f"{harness.CLONE}/.venv/bin/python", "/tmp/attack53-user-student10.py"],
                      cwd="/", env={"PATH": "/usr/bin:/bin", "SECS": "60"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(2)
d, r, sc = harness.run_class("a10", "ps1_memory", {"mallory": {}}, extra=("--unsandboxed",))
out, _ = st.communicate(timeout=200)
print("STUDENT:", [l for l in out.splitlines() if l.startswith(("SUMMARY", "ports"))])
os.unlink("/tmp/attack53-user-student10.py")
