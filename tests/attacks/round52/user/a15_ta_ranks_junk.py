"""a15: a local student sends junk to every new TCP listener of the TA's while the TA's ranks run outside the sandbox
(helpers.launch's TCPStore and gloo on 127.0.0.1). Baseline without her first."""
import os, subprocess, time
env = dict(os.environ, HOME="/tmp/attack52-user-home")
TA = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/python", "tests/attacks/round52/user/a15_ta_ranks.py"]
r = subprocess.run(TA, env=env, capture_output=True, text=True, cwd="/tmp"); print("baseline:", r.stdout.strip()[-400:], r.stderr.strip()[-300:])
st = subprocess.Popen(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "/usr/bin/python3", "tests/attacks/round52/user/a15_student_junk.py"],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd="/")
time.sleep(0.5)
r = subprocess.run(TA, env=env, capture_output=True, text=True, cwd="/tmp"); print("with the student:", r.stdout.strip()[-600:], r.stderr.strip()[-600:])
print(st.communicate(timeout=60)[0][-800:])
