"""a12: attack round 38's fix of a03 (commit 852563c: RLIMIT_CORE (1, 1), setrlimit/prlimit64 of RLIMIT_CORE answered
with no change). In a kernel: lower RLIMIT_CORE by setrlimit, prlimit64(0), prlimit64(own pid), the x32 ABI's
setrlimit (0x40000000 | 160), `sh -c 'ulimit -c 0'`; read /proc/self/limits after each; then crash children (in the
kernel and after each attempt) with the host's core_pattern piped to our logging helper. Any helper run = bypass."""
import os, subprocess, time
from harness import *
LOG = "tests/attacks/round38/core_helper.log"
CODE = r'''
import ctypes, os, resource, signal, subprocess
libc = ctypes.CDLL(None, use_errno=True)
class RL(ctypes.Structure): _fields_ = [("cur", ctypes.c_ulong), ("max", ctypes.c_ulong)]
def core(): return [l for l in open("/proc/self/limits") if "core" in l][0].split()[3:5]
def crash():
    pid = os.fork()
    if pid == 0:
        os.kill(os.getpid(), signal.SIGSEGV); os._exit(0)
    return os.waitpid(pid, 0)[1]
print("start", core(), "crash status", crash())
try: resource.setrlimit(resource.RLIMIT_CORE, (0, 0)); r = "ok"
except Exception as e: r = repr(e)
print("setrlimit ->", r, core(), "crash", crash())
z = RL(0, 0)
print("prlimit64(0) ->", libc.syscall(302, 0, 4, ctypes.byref(z), None), ctypes.get_errno(), core(), "crash", crash())
print("prlimit64(pid) ->", libc.syscall(302, os.getpid(), 4, ctypes.byref(z), None), ctypes.get_errno(), core(), "crash", crash())
print("x32 setrlimit ->", libc.syscall(0x40000000 | 160, 4, ctypes.byref(z)), ctypes.get_errno(), core(), "crash", crash())
print("x32 prlimit64 ->", libc.syscall(0x40000000 | 302, 0, 4, ctypes.byref(z), None), ctypes.get_errno(), core(), "crash", crash())
print("sh ulimit -c 0 ->", subprocess.run(["sh", "-c", "ulimit -c 0; ulimit -c; python3 -c 'import os,signal; os.kill(os.getpid(), signal.SIGSEGV)'; echo $?"], capture_output=True, text=True).stdout.split())
'''
if __name__ == "__main__":
    old = open("/proc/sys/kernel/core_pattern").read().strip()
    if os.path.exists(LOG): os.unlink(LOG)
    d = make_course("a12")
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            c.source = c.source + "\n" + CODE
    put(d, "mallory", nb)
    put(d, "zoe", solution_nb())
    guard = subprocess.Popen(["sh", "-c", f"sleep 240; echo '{old}' > /proc/sys/kernel/core_pattern"])
    try:
        open("/proc/sys/kernel/core_pattern", "w").write("|tests/attacks/round38/corehelper.sh %P %u %c %e\n")
        grade(d)
    finally:
        open("/proc/sys/kernel/core_pattern", "w").write(old + "\n")
        guard.kill(); guard.wait()
        print("core_pattern restored:", open("/proc/sys/kernel/core_pattern").read().strip())
    scores(d)
    lines = open(LOG).read().splitlines() if os.path.exists(LOG) else []
    print("helper runs:", len(lines)); print("\n".join(lines[:5]))
    nbm = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", as_version=4)
    for c in nbm.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            for o in c.get("outputs", []): print("mallory output:", str(o.get("text", o))[:1500])
    if os.path.exists(LOG): os.unlink(LOG)
