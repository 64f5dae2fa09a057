"""Does `make grade` itself (ordinary user) leave anything a local student could reach the way a06/a07 did: TCP
listeners of the TA's uid in the host's network namespace, abstract unix sockets (no permissions at all), or
filesystem sockets in folders others may enter? Sampled every 0.2 s during a class run (ps1 and ps2, with ranks)."""
import sys, threading, subprocess, time, os, re
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
seen_tcp, seen_unix = set(), set()
stop = threading.Event()
def sample():
    while not stop.is_set():
        for line in open("/proc/net/tcp").read().splitlines()[1:]:
            p = line.split()
            if p[3] == "0A" and int(p[7]) == 65534:
                seen_tcp.add(int(p[1].split(":")[1], 16))
        r = subprocess.run(["ss", "-xlpH"], capture_output=True, text=True).stdout
        for line in r.splitlines():
            if "python" in line or "bwrap" in line:
                f = line.split()
                name = f[4] if len(f) > 4 else line
                pids = re.findall(r"pid=(\d+)", line)
                try:
                    owner = os.stat(f"/proc/{pids[0]}").st_uid if pids else None
                except OSError:
                    owner = None
                if owner == 65534:
                    seen_unix.add(name)
        time.sleep(0.2)
th = threading.Thread(target=sample, daemon=True); th.start()
d = course("a08")
for s in ("aaron", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory")); hand_in(d, s, "ps2_ddp", nb_for("ps2_ddp"))
r = subprocess.run(SETPRIV + [f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, "--workers", "1", "ps1_memory", "ps2_ddp"],
                   cwd=CLONE, env=ENV, capture_output=True, text=True, timeout=1200)
stop.set(); th.join()
print("grade rc", r.returncode)
scores(d, "ps1_memory"); scores(d, "ps2_ddp")
print("TCP listeners of uid 65534 seen:", sorted(seen_tcp))
print("unix listeners of uid 65534 seen:", sorted(seen_unix)[:60])
for name in sorted(seen_unix):
    if name.startswith("@"):
        print("ABSTRACT:", name)
    else:
        parent = os.path.dirname(name)
        try:
            m = oct(os.stat(parent).st_mode & 0o777)
        except OSError:
            m = "gone"
        print("path:", name, "parent mode", m)
