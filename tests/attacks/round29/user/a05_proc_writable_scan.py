"""A05: what in /proc and /sys a sandboxed process may open for writing (no byte is written): from the kernel (printed
in an answer cell, read back from autograded/) and from a check's child in the observer's sandbox (in the message of
an exception: mallory loses training_memory's 4 points for it). Every /proc/<pid>/ entry (and task/<tid>/), every
top-level /proc file, /proc/sys, and every file of /sys that is visible."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *

SCAN = r'''
import os as _o
def _scan():
    found = {}
    def tryw(p):
        try:
            fd = _o.open(p, _o.O_WRONLY | _o.O_NONBLOCK | _o.O_NOCTTY)
            _o.close(fd); return True
        except OSError:
            return False
    pids = [d for d in _o.listdir("/proc") if d.isdigit()]
    me = str(_o.getpid())
    for pid in pids:
        for base in [f"/proc/{pid}"] + [f"/proc/{pid}/task/{t}" for t in (_o.listdir(f"/proc/{pid}/task") if _o.path.isdir(f"/proc/{pid}/task") else []) if t != pid]:
            try: names = _o.listdir(base)
            except OSError: continue
            for n in names:
                p = f"{base}/{n}"
                if _o.path.isdir(p):
                    if n == "attr":
                        for m in _o.listdir(p):
                            if tryw(f"{p}/{m}"): found.setdefault(pid if pid != me else "self", set()).add(f"attr/{m}")
                    continue
                if tryw(p): found.setdefault(pid if pid != me else "self", set()).add(n if base.count("/") == 2 else "task/" + n)
    top = []
    for n in _o.listdir("/proc"):
        if n.isdigit(): continue
        p = f"/proc/{n}"
        if _o.path.isfile(p) and tryw(p): top.append(n)
    sysw = []
    for root in ("/proc/sys", "/sys", "/dev"):
        for dp, dn, fn in _o.walk(root) if hasattr(_o, "walk") else []:
            for f in fn:
                if tryw(f"{dp}/{f}"): sysw.append(f"{dp}/{f}")
            if len(sysw) > 200: break
    cmd = {}
    for pid in found:
        try: cmd[pid] = open(f"/proc/{pid if pid!='self' else me}/cmdline","rb").read()[:40].replace(b"\0", b" ").decode()
        except OSError: cmd[pid] = "?"
    return "; ".join(f"{pid}({cmd[pid]}): {' '.join(sorted(v))}" for pid, v in found.items()) + " || TOP: " + " ".join(top) + " || SYS/DEV: " + " ".join(sysw)
'''
KERNEL = SCAN + '\nprint("KERNELSCAN", _scan())\n'
CHILD = SCAN + '''
_TM_KPID = _o.getpid()
def training_memory(model, optimizer):
    if _o.getpid() != _TM_KPID:
        raise RuntimeError("CHILDSCAN " + _scan()[:1900])
    return _real_tm(model, optimizer)
'''
tm = solution("training_memory").replace("def training_memory(", "def _real_tm(")
root = build("a05", {"mallory": {"training_memory": tm + "\n" + KERNEL + CHILD}})
grade(root)
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, sum(v or 0 for v in cell_scores(root, s).values()))
nb = json.load(open(f"{root}/autograded/mallory/ps1_memory/ps1_memory.ipynb"))
for c in nb["cells"]:
    for o in c.get("outputs", []):
        s = json.dumps(o)
        if "KERNELSCAN" in s or "CHILDSCAN" in s:
            print(s[:6000].replace("\\n", "\n"))
