"""a01: the TA's kernel in make lab with JupyterLab's debugger turned on (then off): debugpy listens on 127.0.0.1
TCP with no authentication; a local student connects and evaluates code in the TA's kernel."""
import os, subprocess, sys, time
PH = sys.argv[1] if len(sys.argv) > 1 else "off"
home = "/tmp/attack52-user-home"
for f in ("ta_ready", "ta_stop", "written_by_student"):
    try: os.unlink(f"{home}/{f}")
    except FileNotFoundError: pass
open(f"{home}/ta_secret", "w").write("TA-ONLY-SECRET-52\n"); os.chown(f"{home}/ta_secret", 65534, 65534); os.chmod(f"{home}/ta_secret", 0o600)
os.chmod(home, 0o700)
env = dict(os.environ, HOME=home, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123",
           A01_PHASE=PH, A01_WAIT="60", JUPYTER_CONFIG_DIR=home + "/.jupyter")
ta = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/python",
                       "tests/attacks/round52/user/a01_ta_kernel.py"], cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))), env=env)
t = time.time()
while not os.path.exists(f"{home}/ta_ready") and time.time() - t < 120:
    time.sleep(0.5)
print("TA ready after %.1fs (debugger %s)" % (time.time() - t, PH), flush=True)
print("processes of the TA:", flush=True)
subprocess.run("ps -u 65534 -o pid,args | grep -E 'debugpy|ipykernel' | grep -v grep | cut -c1-220", shell=True)
st = subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "CLONE/.venv/bin/python",
                     "tests/attacks/round52/user/a01_student_dap.py", "65534"], cwd="/", capture_output=True, text=True, timeout=120)
print("STUDENT (uid 1001) said:\n" + st.stdout + st.stderr[-2000:], flush=True)
print("file written as the TA by the student:", os.path.exists(f"{home}/written_by_student") and
      (open(f"{home}/written_by_student").read(), os.stat(f"{home}/written_by_student").st_uid))
open(f"{home}/ta_stop", "w").write("1")
ta.wait(timeout=60)
