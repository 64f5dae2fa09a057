"""a14: /dev/pts in mallory's sandbox shows read-write in /proc/self/mountinfo (a09): which file system is it, and can
she allocate pseudo-terminals (their number, kernel.pty.max, is the whole host's) through /dev/ptmx, /dev/pts/ptmx or
os.openpty? Controls beside her."""
import sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
import harness
PAYLOAD = r'''
import os, json
r = {}
r["devpts_lines"] = [l for l in open("/proc/self/mountinfo").read().splitlines() if "/dev/pts" in l or "ptmx" in l]
r["dev"] = sorted(os.listdir("/dev")); r["dev_pts"] = sorted(os.listdir("/dev/pts"))
for p in ("/dev/ptmx", "/dev/pts/ptmx", "/proc/1/root/dev/pts/ptmx", "/proc/2/root/dev/pts/ptmx", "/proc/1/cwd/dev/pts/ptmx", "/proc/self/root/dev/pts/ptmx"):
    try: fd = os.open(p, os.O_RDWR | os.O_NOCTTY); r[p] = "opened"; os.close(fd)
    except OSError as e: r[p] = str(e)
try: a, b = os.openpty(); r["openpty"] = os.ttyname(b)
except OSError as e: r["openpty"] = str(e)
try: open("/dev/pts/x", "w"); r["write /dev/pts"] = "ok"
except OSError as e: r["write /dev/pts"] = str(e)
print("A14B", json.dumps(r))
'''
d = harness.course("a14b")
for c in ("aaron", "zoe"):
    harness.hand_in(d, c, "ps1_memory", harness.nb_for("ps1_memory"))
harness.hand_in(d, "mallory", "ps1_memory", harness.nb_for("ps1_memory", harness.with_payload("ps1_memory", "training_memory", PAYLOAD)))
harness.grade(d, "ps1_memory", quiet=True)
harness.scores(d, "ps1_memory")
out = harness.outputs(d, "mallory", "ps1_memory")
i = out.find("A14B"); print(out[i:i + 3000] if i >= 0 else "no output")
