"""Run the grader (as 65534) inside a v1 memory cgroup of my own (a small stand-in host), sampling processes."""
import os, subprocess, threading, time, sys
sys.path.insert(0, "another round's notes")
import harness
CG = (__import__("os").environ.get("ATTACK_MEMORY_CGROUP") or "/sys/fs/cgroup/memory" + [l.split(":", 2)[2].strip() for l in open("/proc/self/cgroup") if ":memory:" in l][0]) + "/a51u"

def setup(limit):
    os.makedirs(CG, exist_ok=True)
    open(f"{CG}/memory.limit_in_bytes", "w").write(str(limit))
    try: open(f"{CG}/memory.max_usage_in_bytes", "w").write("0")
    except OSError: pass
    print("cgroup limit", limit >> 20, "MiB")

def sampler(stop, out):
    while not stop.is_set():
        rows = []
        for p in os.listdir("/proc"):
            if not p.isdigit(): continue
            try:
                st = os.stat(f"/proc/{p}")
                if st.st_uid != 65534: continue
                cg = open(f"/proc/{p}/cgroup").read()
                if "a51u" not in cg: continue
                rss = int(open(f"/proc/{p}/statm").read().split()[1]) * 4096
                adj = open(f"/proc/{p}/oom_score_adj").read().strip()
                sc = open(f"/proc/{p}/oom_score").read().strip()
                cmd = open(f"/proc/{p}/cmdline", "rb").read().replace(b"\0", b" ")[:90].decode(errors="replace")
                rows.append((rss, p, adj, sc, cmd))
            except Exception:
                pass
        rows.sort(reverse=True)
        out.append((time.time(), rows[:12]))
        time.sleep(1)

def grade_in_cg(d, assignment, timeout=1200):
    # patch harness.SETPRIV to enter the cgroup first
    old = harness.SETPRIV
    harness.SETPRIV = ["sh", "-c", f'echo $$ > {CG}/cgroup.procs; exec "$@"', "sh"] + old
    stop = threading.Event(); out = []
    th = threading.Thread(target=sampler, args=(stop, out), daemon=True); th.start()
    try:
        r = harness.grade(d, assignment, timeout=timeout)
    finally:
        stop.set(); th.join(); harness.SETPRIV = old
    print("cgroup max usage MiB", int(open(f"{CG}/memory.max_usage_in_bytes").read()) >> 20,
          "failcnt", open(f"{CG}/memory.failcnt").read().strip())
    return r, out

def show(out, every=5):
    for i, (t, rows) in enumerate(out):
        if i % every: continue
        print(time.strftime("%H:%M:%S", time.gmtime(t)))
        for rss, p, adj, sc, cmd in rows[:8]:
            print(f"   {rss>>20:6d}MiB pid={p} adj={adj} score={sc} {cmd}")

def oom_events():
    r = subprocess.run("dmesg | grep -E 'Killed process.*UID:65534' | tail -20", shell=True, capture_output=True, text=True)
    print("dmesg:\n" + r.stdout)
