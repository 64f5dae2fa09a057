"""a04: `make demo` (tools.demo, as the TA, uid 65534) writes the example hand-ins (ada: the solution of every
assignment) into the checkout's submitted/ with the TA's umask, then runs the sandbox self-test, and only then
grade.grade() makes the course's folders private. A local student polls for them meanwhile. source/ is made 0700
first, as an earlier `make grade` leaves it."""
import os, subprocess, time, signal
ROOT = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
os.chmod(f"{ROOT}/source", 0o700)
env = dict(os.environ, HOME="/tmp/attack52-user-home", DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
st = subprocess.Popen(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", f"{ROOT}/.venv/bin/python",
                       "tests/attacks/round52/user/a04_student_poll.py", "150"], cwd="/", stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(1)
t0 = time.time()
demo = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{ROOT}/.venv/bin/python", "-m", "tools.demo"],
                        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
lines = []
for line in demo.stdout:
    lines.append(f"{time.time()-t0:6.1f}s demo: {line.rstrip()}")
    if line.startswith("3."):
        pass
    if "made readable" in line or "[" in line or time.time() - t0 > 140:
        break
time.sleep(5)
os.killpg(demo.pid, signal.SIGTERM); demo.wait(timeout=60)
print("\n".join(lines[:40]))
out, _ = st.communicate(timeout=200)
print("STUDENT (uid 1001):\n" + out)
subprocess.run(["ls", "-la", f"{ROOT}/submitted", f"{ROOT}/submitted/ada"])
