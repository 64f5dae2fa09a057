"""a08: can a kernel learn which other students are in the class (their ids) from what its sandbox shows: mountinfo,
the command lines and environments of every process it sees, its cgroup paths, the template socket's path, open
descriptors' targets?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
CODE = r'''
import os, glob
hay = []
for p in [x for x in os.listdir("/proc") if x.isdigit()] + ["self"]:
    for f in ("cmdline", "environ", "mountinfo", "cgroup", "status"):
        try: hay.append((f"/proc/{p}/{f}", open(f"/proc/{p}/{f}", "rb").read()))
        except OSError: pass
    for fd in glob.glob(f"/proc/{p}/fd/*"):
        try: hay.append((fd, os.readlink(fd).encode()))
        except OSError: pass
for name in (b"aaron", b"zoe", b"mallory"):
    hits = sorted({where for where, text in hay if name in text})
    print(name.decode(), "seen in", hits)
for where, text in hay:
    if where.endswith("mountinfo") and where.startswith("/proc/self"):
        for line in text.decode().splitlines():
            if "attack53" in line or "/tmp" in line: print("MNT", line[:220])
'''
c = probe_run("a08", CODE)
shutil.rmtree(c)
