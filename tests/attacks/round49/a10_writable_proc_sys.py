"""a10: which files of /proc (host-wide entries, and every pid the kernel sees: bwrap's init, the placeholder, the
kernel, the observer) and of /sys open for WRITING from the kernel (nothing is written: open only)? Anything but its
own per-process files would be a knob on the host or on the observer."""
from common import *
PROBE = r'''
q1 = "b"
import os
ok = []
def walk(top, depth=0):
    try: names = os.listdir(top)
    except OSError: return
    for n in names:
        p = os.path.join(top, n)
        if top == "/proc" and n in ("self", "thread-self"): continue
        if os.path.islink(p): continue
        if os.path.isdir(p):
            if depth < 6 and n not in ("task", "net", "fd", "fdinfo", "map_files"): walk(p, depth + 1)
            continue
        try:
            fd = os.open(p, os.O_WRONLY | os.O_NONBLOCK); os.close(fd); ok.append(p)
        except OSError: pass
walk("/proc"); walk("/sys")
mine = str(os.getpid())
print("opened for writing (not own pid):", [p for p in ok if not p.startswith(f"/proc/{mine}/")])
print("own pid:", len([p for p in ok if p.startswith(f"/proc/{mine}/")]))
print("pids seen:", [(p, open(f"/proc/{p}/comm").read().strip()) for p in os.listdir("/proc") if p.isdigit()])
'''
c = probe_run("a10", PROBE)
