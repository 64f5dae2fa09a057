"""TA (uid 65534): debugger on, off; waits for the go-ahead; on again, sets a breakpoint in a solution cell, off."""
import json, os, sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader import private_kernels; private_kernels.install()
import nbformat
from jupyter_client.manager import KernelManager
home = "/tmp/attack52-user-home"
km = KernelManager(transport="ipc"); km.start_kernel(env=dict(os.environ, PYTHONSAFEPATH="1"))
kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=60)
seq = [0]
def dbg(command, arguments=None, timeout=20):
    seq[0] += 1
    msg = kc.session.msg("debug_request", {"type": "request", "seq": seq[0], "command": command, "arguments": arguments or {}})
    kc.control_channel.send(msg); t = time.time()
    while time.time() - t < timeout:
        try: r = kc.control_channel.get_msg(timeout=1)
        except Exception: continue
        if r["parent_header"].get("msg_id") == msg["header"]["msg_id"]: return r["content"]
def on():
    return [(c, (dbg(c, a) or {}).get("success")) for c, a in (("initialize", {"clientID": "jupyterlab", "adapterID": "python", "pathFormat": "path", "linesStartAt1": True, "columnsStartAt1": True}), ("attach", {}), ("configurationDone", {}))]
print("TA on:", on(), "off:", (dbg("disconnect", {"restart": False, "terminateDebuggee": False}) or {}).get("success"), flush=True)
open(f"{home}/a16b_kpid", "w").write(str(km.provisioner.process.pid))
t = time.time()
while not os.path.exists(f"{home}/a16b_go") and time.time() - t < 60: time.sleep(0.3)
print("TA on again:", on(), flush=True)
sol = next(c.source for c in nbformat.read("CLONE/source/ps1_memory/ps1_memory.ipynb", 4).cells if "BEGIN SOLUTION" in c.source)
r = dbg("dumpCell", {"code": sol}); p = r["body"]["sourcePath"]
r = dbg("setBreakpoints", {"source": {"path": p}, "breakpoints": [{"line": 3}], "sourceModified": False})
print("TA setBreakpoints:", json.dumps(r)[:200], flush=True)
dbg("disconnect", {"restart": False, "terminateDebuggee": False})
open(f"{home}/a16b_done", "w").write("1")
kc.stop_channels(); km.shutdown_kernel(now=True)
