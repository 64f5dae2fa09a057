"""a02: tests/browser.py (make screenshots, make test's browser tests) starts the TA's JupyterLab with its token on the
command line; a local student reads it from /proc and drives the TA's server."""
import os, shutil, subprocess, sys, time
home = "/tmp/attack52-user-home"
course, work = "/tmp/attack52-user-a02/course", "/tmp/attack52-user-a02/work"
subprocess.run(["rm", "-rf", "/tmp/attack52-user-a02"])
os.makedirs(course); os.makedirs(work)
for f in ("nbgrader_config.py",): shutil.copy(f"CLONE/{f}", course)
for d in ("source", "release"): shutil.copytree(f"CLONE/{d}", f"{course}/{d}")
subprocess.run(["chown", "-R", "65534:65534", "/tmp/attack52-user-a02"]); os.chmod("/tmp/attack52-user-a02", 0o700)
open(f"{home}/ta_secret", "w").write("TA-ONLY-SECRET-52\n"); os.chown(f"{home}/ta_secret", 65534, 65534); os.chmod(f"{home}/ta_secret", 0o600)
try: os.unlink(f"{home}/written_by_student_a02")
except FileNotFoundError: pass
env = dict(os.environ, HOME=home, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123", A02_WAIT="90")
ta = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/python",
                       "tests/attacks/round52/user/a02_ta_browser_lab.py", course, work], cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))), env=env)
t = time.time()
while not os.path.exists(f"{work}/ready") and time.time() - t < 120 and ta.poll() is None:
    time.sleep(0.5)
print("TA lab ready after %.1fs" % (time.time() - t), flush=True)
print("the student cannot read the course folder itself:", subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups",
      "cat", f"{course}/source/ps1_memory/ps1_memory.ipynb"], capture_output=True, text=True).stderr.strip())
st = subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "CLONE/.venv/bin/python",
                     "tests/attacks/round52/user/a02_student_token.py"], cwd="/", capture_output=True, text=True, timeout=120, env={"PATH": "/usr/bin:/bin", "HOME": "/"})
print("STUDENT (uid 1001) said:\n" + st.stdout + st.stderr[-1500:], flush=True)
p = f"{home}/written_by_student_a02"
print("file written as the TA by the student:", os.path.exists(p) and (open(p).read(), os.stat(p).st_uid))
open(f"{work}/stop", "w").write("1"); ta.wait(timeout=60)
subprocess.run(["rm", "-rf", "/tmp/attack52-user-a02"])
