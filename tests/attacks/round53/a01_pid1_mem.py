"""a01: bwrap's init (pid 1) and the placeholder run as the sandbox's user in its PID namespace. Do they carry the
seccomp filter, which cgroups are they in, and can the kernel open their memory (/proc/N/mem) for writing? If so the
kernel could run code in a process without the filter (and, for init, in the host's root cpu cgroup)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
CODE = r'''
import os
print("me", os.getpid(), os.getuid())
for p in sorted(int(x) for x in os.listdir("/proc") if x.isdigit()):
    try:
        st = {l.split(":")[0]: l.split(":",1)[1].strip() for l in open(f"/proc/{p}/status")}
        print("PID", p, open(f"/proc/{p}/comm").read().strip(), "Uid", st.get("Uid"), "Seccomp", st.get("Seccomp"), "Filters", st.get("Seccomp_filters"), "NNP", st.get("NoNewPrivs"), "CapEff", st.get("CapEff"), "CapBnd", st.get("CapBnd"))
        print("   cgroup", open(f"/proc/{p}/cgroup").read().replace("\n", " ")[:300])
        try: print("   cmdline", open(f"/proc/{p}/cmdline","rb").read()[:200])
        except Exception as e: print("   cmdline", e)
        for mode in (os.O_RDONLY, os.O_RDWR):
            try:
                fd = os.open(f"/proc/{p}/mem", mode); print("   OPEN mem mode", mode, "OK"); os.close(fd)
            except OSError as e: print("   OPEN mem mode", mode, e)
        try: print("   fds", {f: os.readlink(f"/proc/{p}/fd/{f}") for f in os.listdir(f"/proc/{p}/fd")})
        except OSError as e: print("   fds", e)
        try: print("   maps0", open(f"/proc/{p}/maps").read().splitlines()[:2])
        except OSError as e: print("   maps", e)
    except Exception as e:
        print("PID", p, "ERR", e)
'''
c = probe_run("a01", CODE)
shutil.rmtree(c)
