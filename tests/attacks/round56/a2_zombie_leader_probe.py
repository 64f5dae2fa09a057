# Run as root: a process of pool uid 65521 whose thread-group leader has exited (a zombie leader) while a
# second thread runs on; is it seen by the grader's _processes_of?
import os, subprocess, sys, time
sys.path.insert(0, "CLONE")
from grader.grade import _processes_of
uid = 65521
code = r'''
import ctypes, threading, time, os
def work():
    time.sleep(6)
    open("/proc/self/status")  # still alive
t = threading.Thread(target=work); t.start()
ctypes.CDLL(None).syscall(60, 0)   # SYS_exit: only this (the leader) thread ends
'''
p = subprocess.Popen(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "/usr/bin/python3", "-c", code])
time.sleep(1.5)
print("leader stat:", open(f"/proc/{p.pid}/stat").read().rsplit(")",1)[1].split()[0],
      "threads:", os.listdir(f"/proc/{p.pid}/task"))
print("_processes_of(%d) ->" % uid, _processes_of(uid))
p.wait(); print("exited", p.returncode)
