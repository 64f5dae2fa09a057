"""a03: a02 found the kernel may write /proc/1/autogroup (bwrap's init, pid 1 of its sandbox). Whose autogroup is
it? The kernel reads its own, pid 1's and pid 2's autogroup, writes nice 19 to pid 1's, and a sampler outside lists
every host process sharing that autogroup (and its nice) while the kernel waits."""
import threading, time, os, re, json
from common import *
CODE = r'''
import os, time
for p in ("self", "1", "2"):
    print("AG", p, open(f"/proc/{p}/autogroup").read().strip(), "stat sid:", open(f"/proc/{p}/stat").read().rsplit(")",1)[1].split()[3])
try:
    open("/proc/1/autogroup", "w").write("19"); print("WROTE 19 to /proc/1/autogroup")
except OSError as e: print("write failed", e)
print("AG after", open("/proc/1/autogroup").read().strip(), flush=True)
time.sleep(12)
'''
seen = {}
stop = False
def sampler():
    while not stop:
        for p in os.listdir("/proc"):
            if not p.isdigit(): continue
            try:
                ag = open(f"/proc/{p}/autogroup").read().strip()
                if "nice 19" in ag:
                    cmd = open(f"/proc/{p}/cmdline").read().replace("\0", " ")[:100]
                    uid = os.stat(f"/proc/{p}").st_uid
                    cg = [l for l in open(f"/proc/{p}/cgroup").read().split("\n") if ":cpu:" in l or ":cpu," in l]
                    seen[p] = (ag, uid, cmd, cg)
            except OSError: pass
        time.sleep(0.3)
t = threading.Thread(target=sampler, daemon=True); t.start()
c = probe_run("a03", CODE)
stop = True
for p, v in seen.items(): print("NICE19 host pid", p, v)
