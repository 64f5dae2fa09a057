"""Student (uid 1001): with the TA's debugger on, connect to the debugpy adapter's *server* port (the TA-uid listener
that answers a request with 'Requests from the debug server to the client are not allowed') as a debuggee: answer
pydevdAuthorize without the token (the adapter's own token is None) and pydevdSystemInfo with ppid = the TA's kernel;
record every message the adapter then sends her."""
import json, os, socket, sys, time
kernel_pid = int(sys.argv[1])
def listeners():
    out = []
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        f = line.split()
        if f[3] == "0A" and int(f[7]) == 65534: out.append(int(f[1].split(":")[1], 16))
    return out
def frame(obj):
    b = json.dumps(obj).encode(); return b"Content-Length: %d\r\n\r\n" % len(b) + b
def reader(s, timeout):
    s.settimeout(timeout); buf = b""; msgs = []
    t = time.time()
    while time.time() - t < timeout:
        try: c = s.recv(65536)
        except socket.timeout: break
        if not c: break
        buf += c
        while b"\r\n\r\n" in buf:
            h, rest = buf.split(b"\r\n\r\n", 1); n = int(h.split(b":")[1])
            if len(rest) < n: break
            msgs.append(json.loads(rest[:n])); buf = rest[n:]
        if msgs: return msgs
    return msgs
for port in listeners():
    try: s = socket.create_connection(("127.0.0.1", port), timeout=2)
    except OSError: continue
    first = reader(s, 2)
    if not first or first[0].get("command") != "pydevdAuthorize":
        s.close(); continue
    req = first[0]
    print(port, "adapter asked pydevdAuthorize, gave us its server token:", req["arguments"].get("debugServerAccessToken", "")[:12] + "...", flush=True)
    s.sendall(frame({"seq": 1, "type": "response", "request_seq": req["seq"], "success": True, "command": "pydevdAuthorize", "body": {"clientAccessToken": None}}))
    m = reader(s, 3)
    print(port, "next:", [(x.get("command") or x.get("event")) for x in m], flush=True)
    if m and m[0].get("command") == "pydevdSystemInfo":
        s.sendall(frame({"seq": 2, "type": "response", "request_seq": m[0]["seq"], "success": True, "command": "pydevdSystemInfo",
                         "body": {"process": {"pid": 424242, "ppid": kernel_pid, "executable": "/usr/bin/python3", "bitness": 64},
                                  "platform": {"name": "linux"}, "python": {"version": "3.11", "implementation": {"name": "cpython"}}}}))
        got = []
        t = time.time()
        while time.time() - t < 8:
            mm = reader(s, 1); got += mm
            for x in mm:
                if x.get("type") == "request":
                    s.sendall(frame({"seq": 100 + len(got), "type": "response", "request_seq": x["seq"], "success": True, "command": x["command"], "body": {}}))
        print(port, "as a fake debuggee the adapter sent her:", [(x.get("command") or x.get("event"), json.dumps(x.get("arguments", x.get("body", {})))[:200]) for x in got][:12], flush=True)
    s.close()
