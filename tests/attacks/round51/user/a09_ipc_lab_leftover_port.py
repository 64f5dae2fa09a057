"""a06b left one TCP port of the TA's uid listening in the kernel even with --KernelManager.transport=ipc. What is it,
and does it answer a local student? A kernel started with jupyter_client (transport ipc) as the TA; the student greets
every TCP listener of uid 65534 with a ZMTP 3.0 greeting and READY (DEALER) and prints the peer's greeting and socket type."""
import os, sys, subprocess, time, json
CLONE = (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
TA = r'''
import time, json, os
from jupyter_client import KernelManager
km = KernelManager(transport="ipc", ip="/tmp/attack51-user-home/k9-ipc")
km.start_kernel()
print(json.dumps(km.get_connection_info(session=False), default=str), flush=True)
time.sleep(25)
km.shutdown_kernel(now=True)
'''
STUDENT = r'''
import socket, struct
ports = []
for line in open("/proc/net/tcp").read().splitlines()[1:]:
    p = line.split()
    if p[3] == "0A" and int(p[7]) == 65534:
        ports.append(int(p[1].split(":")[1], 16))
print("ports of uid 65534:", ports)
greet = b"\xff" + b"\0" * 8 + b"\x7f" + b"\x03\x00" + b"NULL".ljust(20, b"\0") + b"\x00" + b"\0" * 31
for port in ports:
    s = socket.create_connection(("127.0.0.1", port), timeout=3)
    try:
        s.sendall(greet)
        data = b""
        while len(data) < 64:
            chunk = s.recv(64 - len(data))
            if not chunk: break
            data += chunk
        ready = b"\x04\x19\x05READY\x0bSocket-Type\x00\x00\x00\x06DEALER"
        s.sendall(ready)
        more = s.recv(200)
        print(port, "greeting", data[:12].hex(), "mechanism", data[12:32].rstrip(b"\0"), "then", more)
    except Exception as e:
        print(port, "no ZMTP:", e, data[:40] if 'data' in dir() else b"")
    finally:
        s.close()
'''
open("/tmp/attack51-user-ta9.py", "w").write(TA); open("/tmp/attack51-user-st9.py", "w").write(STUDENT); os.chmod("/tmp/attack51-user-st9.py", 0o644)
env = {"PATH": f"{CLONE}/.venv/bin:/usr/bin:/bin", "HOME": "/tmp/attack51-user-home", "LANG": "C.UTF-8"}
ta = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", f"{CLONE}/.venv/bin/python", "/tmp/attack51-user-ta9.py"],
                      cwd="/tmp/attack51-user-home", env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
print("TA kernel:", ta.stdout.readline().strip()[:400])
time.sleep(8)
r = subprocess.run(["setpriv", "--reuid", "st51u", "--regid", "st51u", "--clear-groups", "/usr/bin/python3", "/tmp/attack51-user-st9.py"],
                   cwd="/", env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=60)
print("STUDENT:", r.stdout, r.stderr[-500:])
r2 = subprocess.run("ss -ltnp | grep -E 'pid=%s|ipykernel'" % ta.pid, shell=True, capture_output=True, text=True)
kern = subprocess.run(["pgrep", "-u", "65534", "-f", "ipykernel_launcher"], capture_output=True, text=True).stdout.split()
for k in kern:
    print("kernel pid", k, subprocess.run(f"ss -ltnp | grep pid={k},", shell=True, capture_output=True, text=True).stdout.strip())
    print("  threads:", sorted(set(open(f"/proc/{k}/task/{t}/comm").read().strip() for t in os.listdir(f"/proc/{k}/task"))))
ta.wait(60)
subprocess.run(["rm", "-f", "/tmp/attack51-user-ta9.py", "/tmp/attack51-user-st9.py"])
