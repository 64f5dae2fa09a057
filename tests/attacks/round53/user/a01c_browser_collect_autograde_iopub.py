"""a01's channel through the browser tests (`make screenshots`, `make test`'s tests/test_browser.py): tests.browser.
collect_and_autograde(course, assignment) hands in OUR SOLUTION and runs `nbgrader autograde --ResilientExecute.
unsandboxed=True` in a subprocess (tests/browser.py:114). Run as the TA (uid 65534) in a private (0700) work folder,
as the browser test does (tempfile), with st53u listening on /proc/net/tcp as in a01."""
import os, subprocess, sys, time, tempfile
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
STUDENT = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "a01_bench_autograde_iopub.py")).read().split("STUDENT = r'''", 1)[1].split("'''", 1)[0]
open("/tmp/attack53-user-student1c.py", "w").write(STUDENT); os.chmod("/tmp/attack53-user-student1c.py", 0o644)
st = subprocess.Popen(["setpriv", "--reuid", "st53u", "--regid", "st53u", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack53-user-student1c.py"],
                      cwd="/", env={"PATH": "/usr/bin:/bin", "SECS": os.environ.get("SECS", "80")}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(3)
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/tmp/attack53-user-home", "LANG": "C.UTF-8",
       "DATABASE_URL": "postgresql://ta:secret@localhost/x", "AWS_SECRET_ACCESS_KEY": "AKIASECRETCANARY123"}
code = ("import os, tempfile; os.umask(0o077)\nfrom tests import browser\nw = tempfile.mkdtemp(prefix='attack53-user-browser-')\n"
        "c = browser.make_course(w)\nbrowser.collect_and_autograde(c, 'ps1_memory')\nprint('autograded', os.listdir(os.path.join(c, 'autograded')))\n"
        "import shutil; shutil.rmtree(w)\n")
t = time.time()
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/python", "-c", code],
                   cwd=CLONE, env=env, capture_output=True, text=True, timeout=400)
print(f"TA's collect_and_autograde rc={r.returncode} in {time.time()-t:.0f}s: {r.stdout.strip()[-300:]} {r.stderr[-600:]}")
out, _ = st.communicate(timeout=200)
print("STUDENT (uid st53u) collected:\n" + out[-3000:])
os.unlink("/tmp/attack53-user-student1c.py")
