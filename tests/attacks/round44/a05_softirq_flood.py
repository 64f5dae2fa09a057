"""a05: work a sandbox makes the host's kernel do outside its CPU share. mallory's cell starts 8 processes that, for
60 s, either spin (MODE=spin, the CPU share's own case) or send 1-byte UDP datagrams to a socket of hers on loopback that
never reads (MODE=flood: each send is loopback's netif_rx and a NET_RX softirq, run in ksoftirqd, in the root cgroup,
once the softirq load is high). Graded with --workers 2 so that aaron and zoe run beside her; their seconds compared
between the two modes."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
MODE = os.environ.get("MODE", "flood")
PROBE = r'''
q1 = "b"
import os, socket, time
MODE = "%s"
for p in range(8):
    if os.fork() == 0:
        try:
            end = time.time() + 60
            if MODE == "spin":
                while time.time() < end:
                    pass
            else:
                r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); r.bind(("127.0.0.1", 0))
                s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.setblocking(False)
                a = r.getsockname(); n = 0
                while time.time() < end:
                    for _ in range(1000):
                        try:
                            s.sendto(b"x", a)
                        except OSError:
                            pass
                    n += 1000
        finally:
            os._exit(0)
print("started", MODE)
''' % MODE
d = course("a05" + MODE)
hand_in(d, "aaron", "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", {"quiz_q1": PROBE}))
hand_in(d, "zoe", "ps1_memory", nb_for("ps1_memory"))
def ksoftirqd():
    out = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if open(f"/proc/{pid}/comm").read().startswith("ksoftirqd"):
                    f = open(f"/proc/{pid}/stat").read().split(")")[1].split()
                    out[pid] = (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
            except OSError:
                pass
    return sum(out.values())
k0 = ksoftirqd(); t0 = time.time()
grade(d, "ps1_memory", extra=("--regrade",) if False else (), timeout=1500) if False else None
r = subprocess.run([f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", d, "--workers", "2", "ps1_memory"],
                   cwd=CLONE, env=ENV, capture_output=True, text=True, timeout=1500)
print("rc", r.returncode, "wall", round(time.time() - t0, 1))
time.sleep(max(0, 62 - (time.time() - t0)))
print("MODE", MODE, "ksoftirqd CPU-s during run", round(ksoftirqd() - k0, 2))
rep = json.load(open(f"{d}/grading_report.json"))
print("seconds:", {x["student"]: round(x["seconds"], 1) for x in rep})
scores(d, "ps1_memory")
