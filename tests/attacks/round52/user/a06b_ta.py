"""TA side of a06b (uid 65534): a kernel as make lab starts it; the TA investigates mallory's graded notebook with the
debugger (dumpCell + setBreakpoints of her cell, what JupyterLab sends for a breakpoint); later she starts a new kernel."""
import os, sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader import private_kernels
private_kernels.install()
from jupyter_client.manager import KernelManager
home = "/tmp/attack52-user-home"
CELL = open("tests/attacks/round52/user/a06b_mallory_cell.py").read()
km = KernelManager(transport="ipc"); km.start_kernel(env=dict(os.environ, PYTHONSAFEPATH="1"))
kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=60)
open(f"{home}/a06b_kernel_pid", "w").write(str(km.provisioner.process.pid))
while not os.path.exists(f"{home}/a06b_go"): time.sleep(0.2)
seq = [0]
def dbg(command, arguments=None, timeout=30):
    seq[0] += 1
    msg = kc.session.msg("debug_request", {"type": "request", "seq": seq[0], "command": command, "arguments": arguments or {}})
    kc.control_channel.send(msg); t = time.time()
    while time.time() - t < timeout:
        try: r = kc.control_channel.get_msg(timeout=1)
        except Exception: continue
        if r["parent_header"].get("msg_id") == msg["header"]["msg_id"]: return r["content"]
dbg("initialize", {"clientID": "jupyterlab", "adapterID": "python", "pathFormat": "path", "linesStartAt1": True, "columnsStartAt1": True})
dbg("attach", {}); dbg("configurationDone")
r = dbg("dumpCell", {"code": CELL}); path = r["body"]["sourcePath"]
print("TA dumped mallory's cell to", path, flush=True)
dbg("setBreakpoints", {"source": {"path": path}, "breakpoints": [{"line": 1}], "sourceModified": False})
dbg("disconnect", {"restart": False, "terminateDebuggee": False})
kc.stop_channels(); km.shutdown_kernel(now=True)
print("TA: later, a fresh kernel of her own", flush=True)
km2 = KernelManager(transport="ipc"); km2.start_kernel(env=dict(os.environ, PYTHONSAFEPATH="1"))
kc2 = km2.client(); kc2.start_channels(); kc2.wait_for_ready(timeout=60)
time.sleep(2); kc2.stop_channels(); km2.shutdown_kernel(now=True)
open(f"{home}/a06b_done", "w").write("1")
