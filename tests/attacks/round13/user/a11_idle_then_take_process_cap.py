"""a11: as an ordinary user the sandboxes share one per-user process cap, so the README promises submissions are
graded one at a time. But a submission whose processes use no CPU for a second lets another start beside it (the
idle rule). So: the hostile kernel forks children up to the per-user cap (RLIMIT_NPROC, EAGAIN), every one asleep,
and sleeps itself: idle, so the next (honest) submission is started beside it, under a cap it already holds.
Round 3's finding (fixed by grading one at a time) through the idle rule. HOLD seconds (default 60)."""
import os, sys, time, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
HOLD = int(sys.argv[1]) if len(sys.argv) > 1 else 60
CELL = r'''
import os, time, resource
_t0 = time.time()
_kids = []
while True:
    try:
        pid = os.fork()
    except OSError as e:
        print(f"fork stopped after {len(_kids)} children: {e}; RLIMIT_NPROC {resource.getrlimit(resource.RLIMIT_NPROC)}", flush=True)
        break
    if pid == 0:
        time.sleep(%d)
        os._exit(0)
    _kids.append(pid)
time.sleep(%d)
for p in _kids:
    try: os.waitpid(p, 0)
    except ChildProcessError: pass
print(f"held the cap for {time.time() - _t0:.0f}s", flush=True)
''' % (HOLD, HOLD)
nb = u13.notebook("ps1_memory", append={"training_memory": CELL})
dest = u13.course("a11", {("mallory", "ps1_memory"): nb, ("zz_honest", "ps1_memory"): u13.honest("ps1_memory")})
t = time.time()
u13.grade(dest)
u13.scores(dest)
u13.report(dest)
import nbformat
for s in ("mallory", "zz_honest"):
    p = f"{dest}/autograded/{s}/ps1_memory/ps1_memory.ipynb"
    if os.path.exists(p):
        for c in nbformat.read(p, 4).cells:
            g = c.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
            for o in c.get("outputs", []):
                txt = o.get("text") or str(o.get("evalue"))
                if s == "mallory" and g == "training_memory" or s == "zz_honest" and o.get("output_type") == "error":
                    print(s, g, "OUTPUT:", txt[:600])
