"""a10: as an ordinary user the sandboxes share one per-user process cap (RLIMIT_NPROC counts every process and thread
of uid 65534, the grader's included), and submissions are graded one at a time; but the next submission's kernel is
started early, as soon as the current one is warm (and a submission idle for a second lets another start beside it).
mallory's first student cell forks children until EAGAIN, at once, and holds them 60 s while the kernel itself keeps
using a little CPU (never idle). Does the honest student's kernel, warming meanwhile, lose its start (EAGAIN in the
template's child, bwrap, ZeroMQ's threads), fall back to a kernel bwrap starts (no guardian), or lose points?
A root watcher copies both students' own nbgrader.log files (this run's course only) for the lines about it."""
import os, sys, json, glob, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
CELL = r'''
import os, time, signal
_kids, _err = [], None
_t0 = time.time()
try:
    while True:
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            time.sleep(75); os._exit(0)
        _kids.append(pid)
except OSError as e:
    _err = repr(e)
print(f"forked {len(_kids)} children in {time.time() - _t0:.1f} s, then {_err}", flush=True)
_end = time.time() + 60
while time.time() < _end:          # a little CPU every 0.1 s: never idle for a second
    sum(range(20000)); time.sleep(0.1)
for p in _kids:
    try: os.kill(p, 9)
    except OSError: pass
'''
dest = u14.course("a10", {("mallory", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": CELL}),
                          ("zz_honest", "ps1_memory"): u14.honest("ps1_memory")})
stop, logs = [], {}
def watch():
    while not stop:
        for f in glob.glob("/tmp/grade-kernel-*/nbgrader.log"):
            try:
                b = open(f, "rb").read()
                if dest.encode() in b:
                    logs[f] = b
            except OSError:
                pass
        time.sleep(0.2)
th = threading.Thread(target=watch); th.start()
t0 = time.time()
p = u14.grade(dest)
stop.append(1); th.join()
u14.scores(dest)
u14.cell_outputs(dest, "mallory", "ps1_memory", ("training_memory",))
print(open(f"{dest}/grading_report.json").read())
for f, b in logs.items():
    t = b.decode("utf-8", "replace")
    who = "honest" if "zz_honest" in t else "mallory"
    interesting = [l for l in t.splitlines() if re.search(r"bwrap|fallback|template|EAGAIN|Resource temporarily|Error|fork|guardian", l)] if (re := __import__("re")) else []
    print(f"LOG of {who}: {len(b)} bytes; lines about the start:", *[("   | " + l[:200]) for l in interesting[:15]], sep="\n")
u14.cleanup(dest)
