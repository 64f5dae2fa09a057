"""TA side of a06 (uid 65534): a kernel as make lab starts it; waits for the go-ahead, then turns the debugger on and
sets a breakpoint in two cells (what JupyterLab sends: dumpCell, then setBreakpoints at the dumped path): the
notebook's setup cell and a solution cell of source/ps1_memory."""
import json, os, sys, time
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader import private_kernels
private_kernels.install()
import nbformat
from jupyter_client.manager import KernelManager
home = "/tmp/attack52-user-home"
km = KernelManager(transport="ipc")
km.start_kernel(cwd="CLONE/source/ps1_memory", env=dict(os.environ, PYTHONSAFEPATH="1"))
kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=60)
open(f"{home}/a06_kernel_pid", "w").write(str(km.provisioner.process.pid))
while not os.path.exists(f"{home}/a06_go"):
    time.sleep(0.2)
seq = [0]
def dbg(command, arguments=None, timeout=30):
    seq[0] += 1
    msg = kc.session.msg("debug_request", {"type": "request", "seq": seq[0], "command": command, "arguments": arguments or {}})
    kc.control_channel.send(msg)
    t = time.time()
    while time.time() - t < timeout:
        try: r = kc.control_channel.get_msg(timeout=1)
        except Exception: continue
        if r["parent_header"].get("msg_id") == msg["header"]["msg_id"]: return r["content"]
print("TA initialize:", (dbg("initialize", {"clientID": "jupyterlab", "adapterID": "python", "pathFormat": "path",
      "linesStartAt1": True, "columnsStartAt1": True}) or {}).get("success"), flush=True)
print("TA attach:", (dbg("attach", {}) or {}).get("success"), flush=True)
dbg("configurationDone")
nb = nbformat.read("CLONE/source/ps1_memory/ps1_memory.ipynb", 4)
setup = next(c.source for c in nb.cells if c.cell_type == "code")
solution = next(c.source for c in nb.cells if "BEGIN SOLUTION" in c.source)
for code in (setup, solution):
    r = dbg("dumpCell", {"code": code})
    path = (r or {}).get("body", {}).get("sourcePath")
    print("TA dumpCell ->", path, flush=True)
    dbg("setBreakpoints", {"source": {"path": path}, "breakpoints": [{"line": 1}], "sourceModified": False})
dbg("disconnect", {"restart": False, "terminateDebuggee": False})
open(f"{home}/a06_done", "w").write("1")
time.sleep(3)
kc.stop_channels(); km.shutdown_kernel(now=True)
