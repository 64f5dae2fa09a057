"""a02: while mallory's cell sleeps 25 s, list from the host every process of the sandboxes' uids (65470-65534) with
its cgroups: is bwrap's init (pid 1 inside, whose memory the kernel may write, a01) inside the sandbox's cgroups?"""
import sys, threading; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
CODE = "import time; time.sleep(25); print('slept')"
def watch():
    time.sleep(14)
    for p in os.listdir("/proc"):
        if not p.isdigit(): continue
        try:
            uid = os.stat(f"/proc/{p}").st_uid
            if 65470 <= uid <= 65534:
                cmd = open(f"/proc/{p}/cmdline","rb").read()[:60]
                cg = open(f"/proc/{p}/cgroup").read().split()
                print("HOSTPROC", p, uid, cmd, [x for x in cg if any(k in x for k in ("memory", "pids", ":cpu:", "blkio"))])
        except OSError: pass
threading.Thread(target=watch).start()
c = probe_run("a02", CODE)
shutil.rmtree(c)
