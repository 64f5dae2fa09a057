"""a03: kernel memory that outlives the sandbox. As an ordinary user there is no memory cgroup, and a lookup of a
name that does not exist on a host file system (the read-only /usr, the venv) leaves a negative dentry in the
host's dentry cache: kernel memory no rlimit counts, owned by the host's ext4 superblock, not by the sandbox, so
it is not freed when the sandbox ends. mallory's quiz cell stats made-up names under /usr/lib from 2 processes for
a while; we read the host's dentry-state, Slab, Cached and the page-cache residency of torch's big library before,
right after her grading, and after zoe's."""
import sys, json, os, subprocess, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

A = "ps1_memory"
SECONDS = int(os.environ.get("A03_SECONDS", "90"))
PROCS = int(os.environ.get("A03_PROCS", "2"))
NEG = r'''
import os, time
def neg(tag, seconds):
    t = time.time(); n = 0
    base = "/usr/lib/a03-%%s-" %% tag
    while time.time() - t < seconds:
        for i in range(5000):
            try: os.stat(base + str(n))
            except OSError: pass
            n += 1
    return n
kids = []
for k in range(%(procs)d):
    pid = os.fork()
    if pid == 0:
        n = neg("%%d-%%d" %% (os.getpid(), k), %(seconds)d)
        print("child", k, "made", n, flush=True)
        os._exit(0)
    kids.append(pid)
for p in kids: os.waitpid(p, 0)
''' % dict(procs=PROCS, seconds=SECONDS)

TORCH = glob.glob("CLONE/.venv/lib/python3*/site-packages/torch/lib/libtorch_cpu.so")[0] if (glob := __import__("glob")) else None

def host(label):
    ds = open("/proc/sys/fs/dentry-state").read().split()
    mi = {l.split(":")[0]: l.split()[1] for l in open("/proc/meminfo")}
    fc = subprocess.run(["fincore", "-b", "-n", "-o", "RES", TORCH], capture_output=True, text=True).stdout.strip()
    print(f"HOST {label}: dentries={int(ds[0]):,} unused={int(ds[1]):,} negative={int(ds[4]):,} "
          f"Slab={int(mi['Slab'])//1024} MiB SReclaimable={int(mi['SReclaimable'])//1024} MiB Cached={int(mi['Cached'])//1024} MiB "
          f"MemFree={int(mi['MemFree'])//1024} MiB libtorch_cpu cached={int(fc or 0)//2**20} MiB", flush=True)

def build():
    nb = honest(A)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = c.source + "\n" + NEG
    return nb

if __name__ == "__main__":
    host("before")
    d = make_course("a03")
    hand_in(d, AARON, A, honest(A))
    hand_in(d, MALLORY, A, build())
    hand_in(d, ZOE, A, honest(A))
    p = grade(d, A, background=True)
    t0 = time.time(); lines = []
    for line in p.stdout:
        lines.append(line)
        if "mallory" in line or "zoe" in line or "aaron" in line:
            print(f"[{time.time()-t0:6.1f}s] {line.rstrip()[:160]}", flush=True)
    p.wait()
    print("".join(lines[-25:]))
    host("after the run (mallory's sandbox long gone)")
    scores(d)
    rep = json.load(open(f"{d}/grading_report.json"))
    print(json.dumps(rep, indent=0)[:1500])
    time.sleep(20)
    host("20 s later")
