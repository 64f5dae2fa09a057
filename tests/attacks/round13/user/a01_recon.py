"""a01: recon from inside the kernel (black box): sys.path, cwd, files, processes, limits, mounts, and whether a
hand-in's extra .py file is importable (shadowing a module the kernel imports later)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
CELL = r'''
import os, sys, resource
print("cwd", os.getcwd(), "uid", os.getuid(), "pid", os.getpid(), "ppid", os.getppid())
print("sys.path", sys.path)
print("argv", sys.argv)
print("listdir cwd", os.listdir("."))
print("n modules", len(sys.modules))
for p in sorted(os.listdir("/proc")):
    if p.isdigit():
        try: print("proc", p, open(f"/proc/{p}/cmdline","rb").read().replace(b"\0",b" ")[:300], open(f"/proc/{p}/status").read().split("Uid:")[1].split("\n")[0])
        except Exception as e: print(p, e)
print(open("/proc/self/mounts").read())
for n in dir(resource):
    if n.startswith("RLIMIT_"): print(n, resource.getrlimit(getattr(resource,n)))
print("env", dict(os.environ))
print("status", open("/proc/self/status").read())
import importlib.util
print("marker spec", importlib.util.find_spec("zz_marker"))
for m in ["sqlite3","jedi","pygments","ipykernel_launcher","matplotlib","numpy","cloudpickle","pickle","json","ctypes","asyncio","uuid","hmac","tornado","zmq","readline","pydoc","inspect","traceback","bdb","pdb","IPython.core.completer","jupyter_client","psutil","torch"]:
    print("loaded?", m, m in sys.modules)
print("runtime", os.environ.get("JUPYTER_RUNTIME_DIR"))
'''
def extra(d):
    import nbformat
    nbformat.write(u13.notebook("ps1_memory", append={"training_memory": CELL}), os.path.join(d, "ps1_memory.ipynb"))
    open(os.path.join(d, "zz_marker.py"), "w").write("print('MARKER IMPORTED')\n")
dest = u13.course("a01", {("mallory", "ps1_memory"): extra})
u13.grade(dest)
u13.scores(dest)
import nbformat
nb = nbformat.read(f"{dest}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.get("outputs", []):
            print("OUTPUT:", o.get("text") or o.get("evalue") or o)
