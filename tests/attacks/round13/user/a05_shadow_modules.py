"""a05: the kernel's sys.path has '' (its cwd: the copy of the hand-in) before site-packages. A hand-in that holds
`<name>.py` for a site-packages module the kernel imports after it was forked from the template runs that file
in the kernel, before any cell, as the module. Each shadow file records that it ran (in the sandbox's /tmp), then
loads the real module, so the kernel works on. The first cell lists which ran."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
NAMES = ["comm", "packaging", "debugpy", "jedi", "tornado", "zmq", "traitlets", "jupyter_client", "IPython", "ipykernel",
         "psutil", "matplotlib_inline", "cloudpickle", "numpy", "torch", "nest_asyncio", "platformdirs", "decorator",
         "parso", "stack_data", "executing", "asttokens", "pexpect", "wcwidth", "prompt_toolkit", "pygments", "matplotlib",
         "ipykernel_launcher", "jupyter_core", "dateutil", "six", "typing_extensions", "filelock", "sympy", "networkx",
         "fsspec", "jinja2", "markupsafe", "mpmath", "nbformat", "PIL", "pyparsing", "cycler", "kiwisolver", "fontTools"]
SHADOW = r'''
import sys, os, time
with open("/tmp/shadowed-" + __name__, "w") as _f:
    _f.write("%r pid=%d t=%f argv=%r" % (__name__, os.getpid(), time.time(), sys.argv))
_n = __name__
del sys.modules[_n]
_p = list(sys.path)
sys.path[:] = [p for p in sys.path if p not in ("", os.getcwd())]
try:
    import importlib
    _m = importlib.import_module(_n)
finally:
    sys.path[:] = _p
sys.modules[_n] = _m
'''
CELL = r'''
import os
print("SHADOWED:", sorted(os.listdir("/tmp")))
for f in sorted(os.listdir("/tmp")):
    if f.startswith("shadowed-"):
        print(open("/tmp/" + f).read())
'''
def handin(d):
    import nbformat
    nbformat.write(u13.notebook("ps1_memory", append={"training_memory": CELL}), os.path.join(d, "ps1_memory.ipynb"))
    for n in NAMES:
        open(os.path.join(d, n + ".py"), "w").write(SHADOW)
dest = u13.course("a05", {("mallory", "ps1_memory"): handin})
u13.grade(dest)
u13.scores(dest)
u13.report(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") in ("training_memory",):
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or str(o.get("evalue")))
