"""a25: is each kernel in a network namespace of its own (no host listeners, no other sandbox's abstract sockets)?
Reads /proc/net/{tcp,tcp6,unix,dev} inside and tries to connect to a listener the host opened on 127.0.0.1."""
import os, sys, socket, threading
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
srv = socket.socket(); srv.bind(("127.0.0.1", 0)); srv.listen(); port = srv.getsockname()[1]
abstract = socket.socket(socket.AF_UNIX); abstract.bind(b"\0attack39-root-host"); abstract.listen()
code = f'''
import socket
print("PROBE dev", [l.split(":")[0].strip() for l in open("/proc/net/dev").readlines()[2:]])
print("PROBE tcp listeners", sum(1 for l in open("/proc/net/tcp").readlines()[1:] if l.split()[3] == "0A"))
print("PROBE unix sockets", len(open("/proc/net/unix").readlines()) - 1, "host abstract seen:", "attack39-root-host" in open("/proc/net/unix").read())
s = socket.socket(); s.settimeout(2)
try: s.connect(("127.0.0.1", {port})); print("PROBE host listener REACHED")
except OSError as e: print("PROBE host listener", e)
u = socket.socket(socket.AF_UNIX)
try: u.connect(b"\\0attack39-root-host"); print("PROBE host abstract socket REACHED")
except OSError as e: print("PROBE host abstract", e)
'''
d = run_class("netns", probe_nb(code))
print("\n".join(l for l in outputs(d).splitlines() if l.startswith("PROBE")))
srv.close(); abstract.close()
