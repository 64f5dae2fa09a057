# Run as root: starts a process as uid 65520 (pool uid, no account) that makes itself non-dumpable,
# then asks the grader's own _processes_of whether uid 65520 has a process.
import os, subprocess, sys, time
sys.path.insert(0, "CLONE")
from grader.grade import _processes_of
from grader import sandbox
uid = 65520
print("free_uid", uid, sandbox.free_uid(uid), "in pool", uid in sandbox.HOST_UID_POOL)
code = "import ctypes,time; ctypes.CDLL(None).prctl(4,0,0,0,0); time.sleep(8)"
p = subprocess.Popen(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "/usr/bin/python3", "-c", code])
time.sleep(1.5)
st = os.stat(f"/proc/{p.pid}")
print("attacker pid", p.pid, "status Uid line:", [l for l in open(f"/proc/{p.pid}/status") if l.startswith("Uid")][0].strip(),
      "/proc owner", st.st_uid)
print("_processes_of(%d) ->" % uid, _processes_of(uid))
p.wait()
