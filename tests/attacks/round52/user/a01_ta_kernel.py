"""The TA (uid 65534, the course's user) starts a kernel as `make lab` would (venv config: IPC transport,
grader.private_kernels.install()), turns JupyterLab's debugger on (debug_request initialize/attach/configurationDone
on the control channel, what the bug icon sends), runs a cell, turns the debugger off (disconnect), and waits."""
import os, sys, time, json
sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from grader import private_kernels
private_kernels.install()
from jupyter_client.manager import KernelManager
km = KernelManager(transport="ipc")
km.start_kernel(cwd="CLONE/source/ps1_memory", env=dict(os.environ, PYTHONSAFEPATH="1"))
kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=60)
print("TA kernel up; connection:", {k: v for k, v in km.get_connection_info().items() if k in ("transport", "ip")}, flush=True)
seq = [0]
def dbg(command, arguments=None, timeout=30):
    seq[0] += 1
    msg = kc.session.msg("debug_request", {"type": "request", "seq": seq[0], "command": command, "arguments": arguments or {}})
    kc.control_channel.send(msg)
    t = time.time()
    while time.time() - t < timeout:
        try:
            r = kc.control_channel.get_msg(timeout=1)
        except Exception:
            continue
        if r["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
            return r["content"]
    return None
r = dbg("initialize", {"clientID": "jupyterlab", "clientName": "JupyterLab", "adapterID": "python", "pathFormat": "path",
                       "linesStartAt1": True, "columnsStartAt1": True, "supportsVariableType": True,
                       "supportsVariablePaging": True, "supportsRunInTerminalRequest": True, "locale": "en-us"})
print("TA initialize ->", json.dumps(r)[:200], flush=True)
r = dbg("attach", {"justMyCode": True})
print("TA attach ->", json.dumps(r)[:200], flush=True)
r = dbg("configurationDone")
print("TA configurationDone ->", json.dumps(r)[:120], flush=True)
kc.execute_interactive("x = open('CLONE/source/ps1_memory/ps1_memory.ipynb').read(); print(len(x))", timeout=60)
phase = os.environ.get("A01_PHASE", "off")
if phase == "off":
    r = dbg("disconnect", {"restart": False, "terminateDebuggee": False})
    print("TA disconnect (debugger toggled off) ->", json.dumps(r)[:120], flush=True)
open("/tmp/attack52-user-home/ta_ready", "w").write("1")
t = time.time()
while time.time() - t < float(os.environ.get("A01_WAIT", "60")) and not os.path.exists("/tmp/attack52-user-home/ta_stop"):
    time.sleep(0.5)
kc.stop_channels(); km.shutdown_kernel(now=True)
print("TA done", flush=True)
