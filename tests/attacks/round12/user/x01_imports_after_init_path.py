# x01 (looked at): which modules a forked kernel imports after IPython puts "" (the hand-in folder) on sys.path.
# Run as root in an empty folder: PYTHONPATH=<user clone> <user clone>/.venv/bin/python x01_imports_after_init_path.py
# Result (19:20 UTC): only IPython submodules, so a hand-in .py cannot run before the runtime folder is sealed.
import sys, os, json
sys.path.pop(0) if sys.path and sys.path[0] in ('', os.getcwd()) else None
for m in ("torch", "torch.distributed", "torch._dynamo", "helpers", "ipykernel.kernelapp"):
    __import__(m)
from ipykernel import kernelapp
snap = {}
orig = kernelapp.IPKernelApp.init_path
def init_path(self):
    snap['before'] = set(sys.modules)
    return orig(self)
kernelapp.IPKernelApp.init_path = init_path
orig_code = kernelapp.IPKernelApp.init_code
def init_code(self):
    r = orig_code(self)
    new = sorted({m.split('.')[0] for m in set(sys.modules) - snap['before']})
    print("NEW TOP-LEVEL AFTER init_path:", new, file=sys.__stderr__)
    os._exit(0)
kernelapp.IPKernelApp.init_code = init_code
kernelapp.launch_new_instance(argv=["-f", "/tmp/a12probe/conn.json", "--transport=ipc", "--ip=/tmp/a12probe/k"])
