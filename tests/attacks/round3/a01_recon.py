"""a01: reconnaissance. What the kernel and the observer's child (where the hidden checks call the
student's functions) see: ids, capabilities, fds, mounts, processes, environment, files.
The child's view comes back through the exception message the probe writes in the test cell
(probes.observer: "your code raised X: <message>"), the kernel's through print().
Result: see the REPORT at the bottom (filled in after the run).
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *

RECON = r'''
import os, glob
def _recon(part):
    out = []
    def rd(p, n=600):
        try:
            return open(p, errors="replace").read()[:n]
        except Exception as e:
            return f"<{type(e).__name__}: {e}>"
    if part == 1:
        out.append(f"uid={os.getuid()} gid={os.getgid()} pid={os.getpid()} ppid={os.getppid()} cwd={os.getcwd()}")
        st = rd("/proc/self/status", 4000)
        out += [l for l in st.splitlines() if l.split(":")[0] in ("Uid","Gid","CapEff","CapBnd","CapPrm","NoNewPrivs","Seccomp","Groups")]
        for fd in sorted(os.listdir("/proc/self/fd"), key=int):
            try: out.append(f"fd{fd}->{os.readlink('/proc/self/fd/'+fd)}")
            except Exception as e: out.append(f"fd{fd}:{e}")
        out.append("ENV=" + " ".join(sorted(os.environ))[:400])
    elif part == 2:
        for p in sorted(glob.glob("/proc/[0-9]*"), key=lambda s: int(s.split("/")[-1])):
            out.append(p.split("/")[-1] + ":" + rd(p + "/cmdline", 150).replace("\0", " ") + " env=" + rd(p + "/environ", 60).replace("\0"," ")[:60])
    elif part == 3:
        out.append("ROOT=" + " ".join(sorted(os.listdir("/"))))
        out.append("TMP=" + " ".join(sorted(os.listdir("/tmp")))[:300])
        for l in rd("/proc/self/mountinfo", 20000).splitlines():
            f = l.split()
            out.append(f[4] + " " + f[5] + " " + f[f.index("-")+1])
    elif part == 4:
        import sys
        out.append("PATH=" + repr(sys.path))
        out.append("cgroup=" + rd("/proc/self/cgroup"))
        out.append("limits=" + rd("/proc/self/limits", 2000).replace("  ", ""))
        for p in ("/proc/1/environ", f"/proc/{os.getppid()}/environ", f"/proc/{os.getppid()}/maps", "/etc/shadow", "/root", "/run"):
            out.append(p + ": " + (rd(p, 100) if not os.path.isdir(p) else str(os.listdir(p))[:200]))
    return "\n".join(out)
'''

nb = notebook(overrides={
    "training_memory": RECON + "\nfor _i in (1,2,3,4):\n    print('KERNEL', _i, _recon(_i))\n"
                       "def training_memory(model, optimizer):\n    raise RuntimeError('OBS1 ' + _recon(1)[:1900])\n",
    "per_device_memory": RECON + "\ndef per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):\n    raise RuntimeError('OBS2 ' + _recon(2)[:1900])\n",
    "partition_layers": RECON + "\ndef partition_layers(costs, k):\n    raise RuntimeError('OBS3 ' + _recon(3)[:1900])\n",
    "split_model": RECON + "\ndef split_model(model, cut):\n    raise RuntimeError('OBS4 ' + _recon(4)[:1900])\n",
})

if __name__ == "__main__":
    dest = make_course("01", {"recon": nb})
    grade(dest)
    show(dest)
    outputs(dest, "recon")

# RESULT (root, 02:36 UTC): kernel and observer child are host uid 65534, CapEff 0, NoNewPrivs 1, Seccomp 2;
# root is a tmpfs with /usr, /etc bits, the venv, helpers/, probes/ (ro); course dir is an empty ro tmpfs except
# the kernel's own folder; no autograders/, source/, /run, /etc/shadow; /proc shows only bwrap (pid 1),
# the placeholder (2) and the kernel (3) [observer: + its children; the observer's own environ is
# EPERM: non-dumpable]. /proc/1/environ (bwrap) IS readable from the kernel: see a02. Nothing hidden found.
