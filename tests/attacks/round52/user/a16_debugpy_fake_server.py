"""a16: a local student registers a fake debuggee with the TA's debugpy adapter while the TA debugs (no token needed)."""
import os, subprocess, time
home = "/tmp/attack52-user-home"
for f in ("ta_ready", "ta_stop"):
    try: os.unlink(f"{home}/{f}")
    except FileNotFoundError: pass
env = dict(os.environ, HOME=home, AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123", A01_PHASE="on", A01_WAIT="40")
ta = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/python",
                       "tests/attacks/round52/user/a01_ta_kernel.py"], cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))), env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
while not os.path.exists(f"{home}/ta_ready"): time.sleep(0.3)
kpid = subprocess.run("ps -u 65534 -o pid=,args= | grep ipykernel_launcher | grep -v grep | awk '{print $1}' | tail -1", shell=True, capture_output=True, text=True).stdout.strip()
print("TA's kernel pid", kpid, flush=True)
r = subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "/usr/bin/python3", "tests/attacks/round52/user/a16_student_fake_server.py", kpid],
                   capture_output=True, text=True, timeout=120, cwd="/")
print("STUDENT:\n" + r.stdout + r.stderr[-800:])
open(f"{home}/ta_stop", "w").write("1"); ta.wait(timeout=60)
subprocess.run(f"rm -rf /tmp/ipykernel_{kpid}", shell=True)
