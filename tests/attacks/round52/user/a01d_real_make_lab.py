"""a01d: a01 through the real `make lab` command (DISTCOURSE_JUDGE=kernel PYTHONSAFEPATH=1 .venv/bin/jupyter lab
--notebook-dir=., the venv's Jupyter configuration: IPC kernels). The TA's browser is stood in for by a websocket client
holding the server's token (as JupyterLab's page does): it opens a session on source/ps1_memory, sends JupyterLab's
debugger requests on the control channel (initialize, attach, configurationDone, then disconnect: the bug icon on,
then off). Then the local student runs a01_student_dap.py."""
import json, os, re, subprocess, time, uuid, urllib.request, signal
home = "/tmp/attack52-user-home"
for f in ("written_by_student",):
    try: os.unlink(f"{home}/{f}")
    except FileNotFoundError: pass
open(f"{home}/ta_secret", "w").write("TA-ONLY-SECRET-52\n"); os.chown(f"{home}/ta_secret", 65534, 65534); os.chmod(f"{home}/ta_secret", 0o600)
env = dict(os.environ, HOME=home, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123",
           DISTCOURSE_JUDGE="kernel", PYTHONSAFEPATH="1")
log = open("/tmp/attack52-user-home/a01d-lab.log", "w")
lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "CLONE/.venv/bin/jupyter", "lab",
                        "--notebook-dir=.", "--no-browser", "--ServerApp.port=0"], cwd=(__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))), env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
url = None; t = time.time()
while time.time() - t < 90 and not url:
    time.sleep(1)
    m = re.search(r"(http://127\.0\.0\.1:\d+)/lab\?token=([0-9a-f]+)", open("/tmp/attack52-user-home/a01d-lab.log").read())
    if m: url, token = m.group(1), m.group(2)
print("TA's make lab at", url, flush=True)
def api(path, method="GET", body=None):
    req = urllib.request.Request(url + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req, timeout=30))
s = api("/api/sessions", "POST", {"path": "source/ps1_memory/ps1_memory.ipynb", "type": "notebook", "name": "", "kernel": {"name": "python3"}})
kid = s["kernel"]["id"]
print("TA opened source/ps1_memory with kernel", kid, flush=True)
from tornado import ioloop, websocket
async def debug():
    ws = await websocket.websocket_connect(f"{url.replace('http', 'ws')}/api/kernels/{kid}/channels?token={token}")
    sess = uuid.uuid4().hex
    async def req(command, arguments, seq):
        mid = uuid.uuid4().hex
        ws.write_message(json.dumps({"header": {"msg_id": mid, "msg_type": "debug_request", "username": "ta", "session": sess, "date": "", "version": "5.3"},
                                     "parent_header": {}, "metadata": {}, "channel": "control",
                                     "content": {"type": "request", "seq": seq, "command": command, "arguments": arguments}}))
        t0 = time.time()
        while time.time() - t0 < 30:
            m = json.loads(await ws.read_message())
            if m.get("parent_header", {}).get("msg_id") == mid and m["msg_type"] == "debug_reply":
                return m["content"]
    out = []
    out.append(("initialize", (await req("initialize", {"clientID": "jupyterlab", "adapterID": "python", "pathFormat": "path", "linesStartAt1": True, "columnsStartAt1": True}, 1)).get("success")))
    out.append(("attach", (await req("attach", {}, 2)).get("success")))
    out.append(("configurationDone", (await req("configurationDone", {}, 3)).get("success")))
    out.append(("disconnect", (await req("disconnect", {"restart": False, "terminateDebuggee": False}, 4)).get("success")))
    ws.close(); return out
print("TA's debugger on, then off:", ioloop.IOLoop.current().run_sync(debug, timeout=90), flush=True)
conn = subprocess.run("ls -la /tmp/attack52-user-home/.local/share/jupyter/runtime/ | head; grep -h transport /tmp/attack52-user-home/.local/share/jupyter/runtime/kernel-*.json", shell=True, capture_output=True, text=True).stdout
print("TA's kernel connection file:", conn.strip().splitlines()[-1:], flush=True)
st = subprocess.run(["setpriv", "--reuid", "1001", "--regid", "1001", "--clear-groups", "CLONE/.venv/bin/python",
                     "tests/attacks/round52/user/a01_student_dap.py", "65534"], cwd="/", capture_output=True, text=True, timeout=120)
print("STUDENT (uid 1001) said:\n" + st.stdout + st.stderr[-1500:], flush=True)
p = f"{home}/written_by_student"
print("file written as the TA by the student:", os.path.exists(p) and (open(p).read(), os.stat(p).st_uid))
os.killpg(lab.pid, signal.SIGTERM); lab.wait(timeout=30)
