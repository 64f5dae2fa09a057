"""A05: a forked kernel (from the run's template, grader.zygote) as an ordinary user: which descriptors, sockets,
mounts and limits does it hold? A descriptor of the template's listening socket, of its request connection or of the
grader's folders would let a kernel take another submission's kernel request or reach host files. The survey is
printed in mallory's first answer cell (her own output; graded between aaron and zoe)."""
import os, sys, json
sys.path.insert(0, os.path.dirname(__file__))
from harness import run_class, with_payload, outputs
code = r'''
import os, socket, stat, resource
def survey():
    out = []
    for pid in sorted((p for p in os.listdir("/proc") if p.isdigit()), key=int):
        try:
            cmd = open(f"/proc/{pid}/cmdline","rb").read().replace(b"\0",b" ")[:150].decode("utf-8","replace")
        except OSError as e:
            cmd = "?"
        fds = []
        try:
            for fd in sorted(os.listdir(f"/proc/{pid}/fd"), key=int):
                try: fds.append(fd + "=" + os.readlink(f"/proc/{pid}/fd/{fd}"))
                except OSError as e: fds.append(fd + "=?" + e.strerror)
        except OSError as e:
            fds.append("fds:" + e.strerror)
        out.append(f"PID {pid} {cmd!r} {' '.join(fds)}")
    for fd in sorted(int(f) for f in os.listdir("/proc/self/fd")):
        try:
            st = os.fstat(fd)
            if stat.S_ISSOCK(st.st_mode):
                s = socket.socket(fileno=os.dup(fd))
                try: out.append(f"self fd {fd}: socket family {s.family} type {s.type} name {s.getsockname()!r} peer {s.getpeername() if s.type==socket.SOCK_STREAM else ''!r}")
                except OSError as e: out.append(f"self fd {fd}: socket {s.family} {s.type} {e}")
                s.detach()
            elif stat.S_ISDIR(st.st_mode):
                out.append(f"self fd {fd}: DIRECTORY {os.readlink(f'/proc/self/fd/{fd}')} {os.listdir(fd)[:10]}")
        except OSError as e:
            out.append(f"self fd {fd}: {e}")
    out.append("mountinfo:\n" + open("/proc/self/mountinfo").read())
    out.append("status:\n" + "".join(l for l in open("/proc/self/status") if l.split(":")[0] in ("Uid","Gid","CapEff","CapBnd","Seccomp","NoNewPrivs","Groups")))
    out.append("limits:\n" + open("/proc/self/limits").read())
    return "\n".join(out)
print("SURVEY-BEGIN\n" + survey() + "\nSURVEY-END")
'''
d, r, sc = run_class("a05", "ps1_memory", {"mallory": with_payload("ps1_memory", "training_memory", code)})
o = outputs(d, "mallory", "ps1_memory")
i = o.find("SURVEY-BEGIN")
print(o[i:i+12000] if i >= 0 else o[:3000])
