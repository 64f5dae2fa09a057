"""syncfs()/sync() are allowed in the sandbox and need no permission: does a loop of them slow the host's fsync
(the gradebook's commits)? Run on the host (same calls, same filesystem) against fsync_lat.py."""
import os, subprocess, sys, time, ctypes
PY = "CLONE/.venv/bin/python"
def probe(label):
    out = subprocess.run([PY, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fsync_lat.py"), "8", "/var/tmp/a23probe"], capture_output=True, text=True).stdout
    print(label, out.strip())
probe("idle:")
for name, code in (("syncfs loop:", "import os,time,ctypes\nl=ctypes.CDLL(None)\nfd=os.open('/usr',os.O_RDONLY)\nt=time.time()\nwhile time.time()-t<10: l.syncfs(fd)"),
                   ("sync loop:", "import os,time\nt=time.time()\nwhile time.time()-t<10: os.sync()")):
    p = subprocess.Popen([PY, "-c", code]); time.sleep(1); probe(name); p.wait()
os.unlink("/var/tmp/a23probe")
