"""a06: does anything of mallory's sandbox outlive her submission and compete with the students after her? Her
quiz cell starts daemons (double fork + setsid, SIGTERM/SIGHUP/SIGINT ignored): 20 spinners and 20 sleepers, then a
child that forks again every 50 ms (a moving target for a kill loop). After the run the host is searched for any
process of the pool's uids (65470-65533); zoe's and zz_zoe2's grading seconds are compared with the control."""
from common import *
import pwd
PROBE = r'''
q1 = "b"
import os, signal, time
def daemon(body):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT): signal.signal(s, signal.SIG_IGN)
            body(); os._exit(0)
        os._exit(0)
    os.wait()
def spin():
    while True: pass
def sleeper():
    while True: time.sleep(1000)
def hopper():
    while True:
        if os.fork() == 0:
            continue  # the child goes on hopping; the parent leaves
        os._exit(0)
for _ in range(20): daemon(spin)
for _ in range(20): daemon(sleeper)
daemon(lambda: (time.sleep(0.05), hopper()))
time.sleep(2)
print("started")
'''
c = make_course("a06")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": PROBE}))
hand_in(c, "zoe", honest())
hand_in(c, "zz_zoe2", honest())
r, dt = grade(c)
print(open(c + "/grades.csv").read())
report(c)
left = subprocess.run("ps -eo uid,pid,stat,etimes,comm | awk '$1>=65470 && $1<=65533'", shell=True, capture_output=True, text=True).stdout
print("processes of the pool's uids after the run:\n" + (left or "(none)"))
