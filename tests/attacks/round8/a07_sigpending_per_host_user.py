# a07 (root, ps1_memory): POSIX timers and queued signals are counted per user (RLIMIT_SIGPENDING, ucounts), and a
# user namespace charges its creator's host uid too (65534 when the grader is root). The kernel (RLIMIT_SIGPENDING
# 96364, a01) creates timers until refused and holds them 25 s; meanwhile a plain host process of uid 65534 (outside
# any sandbox: the ordinary-user grader, `nobody` services) tries timer_create and sigqueue.
# RESULT: see the end of this file.
import os, subprocess, sys, threading, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

PROBE = r'''
import ctypes, errno, signal, time
libc = ctypes.CDLL(None, use_errno=True)
class sigevent(ctypes.Structure):
    _fields_ = [("v", ctypes.c_long), ("signo", ctypes.c_int), ("notify", ctypes.c_int), ("pad", ctypes.c_byte * 48)]
ev = sigevent(0, signal.SIGRTMIN, 0); tid = ctypes.c_void_p(); n = 0
while libc.timer_create(1, ctypes.byref(ev), ctypes.byref(tid)) == 0:
    n += 1
print("R8 timers made", n, errno.errorcode.get(ctypes.get_errno()), flush=True)
open("/tmp/held", "w").write(str(n))
time.sleep(25)
'''
HOST = r'''
import ctypes, errno, signal, os
libc = ctypes.CDLL(None, use_errno=True)
class sigevent(ctypes.Structure):
    _fields_ = [("v", ctypes.c_long), ("signo", ctypes.c_int), ("notify", ctypes.c_int), ("pad", ctypes.c_byte * 48)]
ev = sigevent(0, signal.SIGRTMIN, 0); tid = ctypes.c_void_p()
r = libc.timer_create(1, ctypes.byref(ev), ctypes.byref(tid))
print("host uid", os.getuid(), "timer_create ->", r, errno.errorcode.get(ctypes.get_errno()) if r else "")
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
try:
    signal.sigqueue if hasattr(signal, "sigqueue") else None
    r = libc.sigqueue(os.getpid(), int(signal.SIGRTMIN), ctypes.c_void_p(0))
    print("sigqueue ->", r, errno.errorcode.get(ctypes.get_errno()) if r else "")
except Exception as e:
    print("sigqueue", e)
'''
def host_probe():
    for t in range(120):
        time.sleep(2)
        p = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "python3", "-c", HOST],
                           capture_output=True, text=True)
        line = p.stdout.strip().replace("\n", " | ")
        print(f"[{time.strftime('%H:%M:%S')}] {line} {p.stderr.strip()[-200:]}", flush=True)
        if "EAGAIN" in line or stop:
            if stop: return
if __name__ == "__main__":
    stop = []
    dest = ac.make_course("r8-a07", {"timers": ac.notebook(append={"training_memory": PROBE})})
    th = threading.Thread(target=host_probe, daemon=True); th.start()
    grade_watched(dest)
    stop.append(1)
    ac.outputs(dest, "timers")
# RESULT (root, 10:16-10:19 UTC, a07_sigpending_per_host_user.out.txt): HELD. The kernel made 96,364 timers (its
# RLIMIT_SIGPENDING, then EAGAIN) and held them 25 s; a host process of uid 65534 outside the sandbox could still
# timer_create and sigqueue every 2.5 s throughout: the sandbox's count is not charged against host 65534's limit.
