"""The Validate button in the TA's `make lab` (nbgrader's /assignments/validate handler, run in the Jupyter server's
process, where the venv's jupyter_server_config.py installed private_kernels) on her solution notebook, with st53u's
listener of a01: does this path keep its kernel off TCP?"""
import os, subprocess, sys, time, json, glob, urllib.request, urllib.parse
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
STUDENT = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "a01_bench_autograde_iopub.py")).read().split("STUDENT = r'''", 1)[1].split("'''", 1)[0]
open("/tmp/attack53-user-student6.py", "w").write(STUDENT); os.chmod("/tmp/attack53-user-student6.py", 0o644)
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/tmp/attack53-user-home", "LANG": "C.UTF-8", "DISTCOURSE_JUDGE": "kernel", "PYTHONSAFEPATH": "1",
       "DATABASE_URL": "postgresql://ta:secret@localhost/x", "AWS_SECRET_ACCESS_KEY": "AKIASECRETCANARY123", "JUPYTER_TOKEN": "attack53tok"}
lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/jupyter", "lab", "--notebook-dir=.",
                        "--no-browser", "--port=18953", "--ServerApp.port_retries=0"], cwd=CLONE, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
for _ in range(120):
    try:
        urllib.request.urlopen("http://127.0.0.1:18953/api/status?token=attack53tok", timeout=2); break
    except Exception:
        time.sleep(0.5)
st = subprocess.Popen(["setpriv", "--reuid", "st53u", "--regid", "st53u", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack53-user-student6.py"],
                      cwd="/", env={"PATH": "/usr/bin:/bin", "SECS": "40"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(2)
t = time.time()
try:
    req = urllib.request.Request("http://127.0.0.1:18953/assignments/validate?token=attack53tok", data=urllib.parse.urlencode({"path": "source/ps1_memory/ps1_memory.ipynb"}).encode(), method="POST")
    body = urllib.request.urlopen(req, timeout=200).read().decode()[:300]
except Exception as e:
    body = repr(e)[:300]
print(f"Validate button answered in {time.time()-t:.0f}s: {body}")
out, _ = st.communicate(timeout=100)
print("STUDENT:", [l[:300] for l in out.splitlines() if l.startswith(("SUMMARY", "ports"))])
lab.terminate()
try: lab.wait(20)
except Exception: lab.kill()
os.unlink("/tmp/attack53-user-student6.py")
