"""a10: the TA turns the debugger on and keeps it on; the student, watching /proc for the adapter, tries to attach
before the TA's kernel does."""
import os, subprocess, time
home = "/tmp/attack52-user-home"
for f in ("ta_ready", "ta_stop"):
    try: os.unlink(f"{home}/{f}")
    except FileNotFoundError: pass
st = subprocess.Popen(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "CLONE/.venv/bin/python",
                       "tests/attacks/round52/user/a10_student_race.py"], cwd="/", stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(2)
env = dict(os.environ, HOME=home, AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123", A01_PHASE="on", A01_WAIT="20")
ta = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/python",
                     "tests/attacks/round52/user/a01_ta_kernel.py"], cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))), env=env, capture_output=True, text=True)
print("TA:", "\n".join(l for l in ta.stdout.splitlines() if l.startswith("TA"))[:1500])
print("STUDENT:", st.communicate(timeout=60)[0][-2000:])
