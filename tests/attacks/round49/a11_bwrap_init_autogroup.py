"""a11: a10 shows /proc/1/autogroup (bwrap's init) and /proc/2/autogroup (placeholder) open for writing from the
kernel (same host uid). Round 28 fixed a check's child renicing the observer's session's autogroup. Which session is
bwrap's init in: does its autogroup hold any process outside the sandbox (the launcher, nbgrader, the grader)? The
kernel writes nice 19 into pid 1's and pid 2's autogroup and sleeps 25 s; meanwhile the host lists every process
whose /proc/<pid>/autogroup reads "nice 19"."""
from common import *
import threading
PROBE = r'''
q1 = "b"
import os, time
for p in ("1", "2", "self"):
    print(p, open(f"/proc/{p}/autogroup").read().strip(), "sid", open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()[3])
for p in ("1", "2"):
    for attempt in range(3):
        try:
            with open(f"/proc/{p}/autogroup", "w") as fh: fh.write("19")
            print("wrote 19 to", p); break
        except OSError as e:
            print("write", p, e); time.sleep(0.2)
for p in ("1", "2", "self"):
    print("after", p, open(f"/proc/{p}/autogroup").read().strip())
time.sleep(25)
'''
seen = {}
stop = threading.Event()
def scan():
    while not stop.is_set():
        for pid in os.listdir("/proc"):
            if not pid.isdigit(): continue
            try:
                ag = open(f"/proc/{pid}/autogroup").read().strip()
                if ag.endswith("nice 19"):
                    st = open(f"/proc/{pid}/status").read()
                    uid = [l for l in st.splitlines() if l.startswith("Uid:")][0].split()[1]
                    comm = open(f"/proc/{pid}/comm").read().strip()
                    seen[pid] = (ag, uid, comm)
            except OSError:
                pass
        time.sleep(0.5)
t = threading.Thread(target=scan, daemon=True); t.start()
c = probe_run("a11", PROBE)
stop.set(); t.join()
print("host processes seen in a nice-19 autogroup during the run:")
for pid, v in sorted(seen.items(), key=lambda x: int(x[0])): print("  ", pid, v)
