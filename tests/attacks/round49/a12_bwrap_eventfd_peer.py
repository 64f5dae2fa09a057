"""a12: bwrap's init (pid 1) and the placeholder are the sandbox's user and their memory is writable from the kernel
(round 48 a07), so their descriptors are the kernel's to use. They hold /dev/null, the stderr pipe and an eventfd.
Who else holds that eventfd (and the pipe's other end)? If a root process outside reads it, a hijacked init could
signal it at will. The kernel reports the eventfd-id of each eventfd in pids 1 and 2 (fdinfo), and sleeps; the
host scans every process's fdinfo for the same ids."""
from common import *
import threading, re
PROBE = r'''
q1 = "b"
import os, time
for p in ("1", "2"):
    for fd in os.listdir(f"/proc/{p}/fd"):
        try:
            tgt = os.readlink(f"/proc/{p}/fd/{fd}")
            info = open(f"/proc/{p}/fdinfo/{fd}").read().replace("\n", " | ")
            print("PID", p, "fd", fd, tgt, info)
        except OSError as e: print(p, fd, e)
time.sleep(20)
'''
holders = {}
stop = threading.Event()
def scan():
    while not stop.is_set():
        for pid in os.listdir("/proc"):
            if not pid.isdigit(): continue
            try:
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    try:
                        tgt = os.readlink(f"/proc/{pid}/fd/{fd}")
                        if "eventfd" in tgt:
                            m = re.search(r"eventfd-id:\s*(\d+)", open(f"/proc/{pid}/fdinfo/{fd}").read())
                            if m:
                                uid = [l for l in open(f"/proc/{pid}/status").read().splitlines() if l.startswith("Uid:")][0].split()[1]
                                holders.setdefault(m.group(1), set()).add((pid, uid, open(f"/proc/{pid}/comm").read().strip()))
                        elif tgt.startswith("pipe:"):
                            holders.setdefault(tgt, set()).add((pid, "-", open(f"/proc/{pid}/comm").read().strip()))
                    except OSError: pass
            except OSError: pass
        time.sleep(1)
t = threading.Thread(target=scan, daemon=True); t.start()
c = probe_run("a12", PROBE)
stop.set(); t.join()
out = quiz_output(c)
ids = set(re.findall(r"eventfd-id:\s*(\d+)", out)); pipes = set(re.findall(r"(pipe:\[\d+\])", out))
for k in sorted(ids | pipes):
    print("holders of", k, sorted(holders.get(k, [])))
