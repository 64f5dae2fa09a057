"""a01 (ordinary user): ps5_scale is new, and its ranks are forked from the TRUSTED observer (helpers.launch called
by the probe in the observer itself, not in a swept child).  Recon from inside a rank (the student's OverlapDDP
__init__): ids, caps, seccomp, every descriptor (readlink + flags), processes visible, whether the observer's
/proc/<pid>/{mem,fd,environ} opens, mounts, /tmp, network tables (unix/tcp) -- and the same from the kernel at top
level, to compare namespaces.  The rank raises AssertionError(info) which the probe turns into the failure reason
shown in autograded/ (our exfil channel, capped).  Untouched student for comparison.
RESULT: see a01.out.txt and the bottom of this file."""
from u8 import *

RECON = r'''
import os, json, resource
def _recon(tag):
    out = {"tag": tag, "pid": os.getpid(), "ppid": os.getppid(), "ids": (os.getresuid(), os.getresgid())}
    st = open("/proc/self/status").read().splitlines()
    out["status"] = [l for l in st if l.split(":")[0] in ("CapEff","CapBnd","Seccomp","NoNewPrivs","Threads")]
    fds = {}
    for fd in os.listdir("/proc/self/fd"):
        try:
            fds[fd] = os.readlink(f"/proc/self/fd/{fd}") + " " + open(f"/proc/self/fdinfo/{fd}").read().split("\n")[1]
        except Exception as e:
            fds[fd] = repr(e)
    out["fds"] = fds
    procs = {}
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                cmd = open(f"/proc/{p}/cmdline","rb").read().replace(b"\0", b" ")[:120].decode()
            except Exception as e:
                cmd = repr(e)
            acc = []
            for what in ("mem", "environ"):
                try:
                    open(f"/proc/{p}/{what}", "rb").close(); acc.append(what)
                except Exception as e:
                    pass
            try:
                acc.append("fd:" + ",".join(f"{f}->{os.readlink(f'/proc/{p}/fd/{f}')}" for f in os.listdir(f"/proc/{p}/fd")))
            except Exception as e:
                pass
            procs[p] = cmd + " | " + " ".join(acc)
    out["procs"] = procs
    out["tmp"] = os.listdir("/tmp")[:30]
    out["cwd"] = os.getcwd(); out["cwdls"] = os.listdir(".")[:30]
    out["unix"] = open("/proc/net/unix").read().splitlines()[:15]
    out["tcp"] = [l.split()[1:4] for l in open("/proc/net/tcp").read().splitlines()[1:15]]
    try:
        out["nslinks"] = {n: os.readlink(f"/proc/self/ns/{n}") for n in ("net","pid","user","mnt","ipc","uts")}
    except Exception as e:
        out["nslinks"] = repr(e)
    out["mounts"] = [" ".join(l.split()[3:5]) for l in open("/proc/self/mountinfo")][:40]
    out["env"] = dict(os.environ)
    out["rl"] = {n: resource.getrlimit(getattr(resource, n)) for n in ("RLIMIT_NPROC","RLIMIT_DATA","RLIMIT_NOFILE","RLIMIT_FSIZE","RLIMIT_AS")}
    return json.dumps(out)
print("KERNEL-RECON", _recon("kernel"))
class OverlapDDP(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module
        import sys
        trusted = "probes.observer" in sys.modules
        if trusted:
            d = _recon("rank")
            import json as _j; d = _j.loads(d); d.pop("fds", None); d["procs"] = {k: v[:100] for k, v in d["procs"].items()}; d["mounts"] = d["mounts"][:12]
            raise AssertionError("RANKRECON-OBS " + _j.dumps(d)[:2800])
    def forward(self, *a, **k):
        return self.module(*a, **k)
    def finish_gradient_synchronization(self):
        pass
'''

if __name__ == "__main__":
    nb = notebook({"overlap_ddp": RECON}, assignment="ps5_scale")
    dest, p = ugrade("a01", {"recon": nb, }, assignment="ps5_scale")
    import glob
    for f in glob.glob(dest + "/autograded/recon/ps5_scale/*.ipynb"):
        txt = open(f).read()
        import re
        for m in re.finditer(r"(KERNEL-RECON|RANKRECON)[^\n]{0,9000}", txt):
            print(m.group(0)[:9000]); print()
# RESULT (10:05 UTC, uid 65534): held.  The ps5 ranks of the hidden checks are forked from the trusted observer
# (ppid 3 = the observer, itself forked from the kernel template), uid 65534, CapEff 0, NoNewPrivs 1, seccomp 2,
# RLIMIT_NPROC 326, DATA 6 GiB, NOFILE 1280, FSIZE 512 MiB; their own net/pid/user/mnt namespaces (loopback gloo
# only, no unix sockets listed); the environment is the allow-list (no DATABASE_URL); /tmp holds launch-*,
# observer-* and an empty read-only stand-in named after the course folder (its path, nothing in it); the
# observer's channel is not among their descriptors.  /proc/1 and /proc/2 (bwrap, placeholder) open for mem/environ
# as in round 7, their fd 2 now the labelled pipe (round 7's fix holds).  The first run (a01.out.txt) also shows the
# kernel's own visible-test ranks (ppid = the kernel).  0/29 as untouched.
