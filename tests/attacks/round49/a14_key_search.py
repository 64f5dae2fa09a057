"""a14 (second try: the first walk of all of / hit the cell time limit; /usr, system files only, left out): does any file the kernel can read hold the judges' code or the quiz keys (a copy, a byte-compiled module, a
cache of the checkout's autograders/ or source/ in the venv, the pyenv or probes/helpers)? The kernel greps every
readable regular file under its mounts (not /proc, /sys) for markers only the judges and solutions contain:
`judge_quiz`, `judge_choice(_QUIZ`, `def judge_`, `_QUIZ =` (a first pass with the solution markers found only nbgrader's own public files and a docstring of probes/: a14.first.out.txt)."""
from common import *
PROBE = r'''
q1 = "b"
import os
marks = [b"judge_quiz", b"judge_choice(_QUIZ", b"def judge_", b"_QUIZ ="]
hits, n = [], 0
for top in ("/opt", "/root", "/etc", "/tmp", "/home", "/var"):
    for dp, dns, fns in os.walk(top):
        if dp.startswith(("/proc", "/sys", "/dev")): dns[:] = []; continue
        for f in fns:
            p = os.path.join(dp, f)
            try:
                if os.path.islink(p) or os.path.getsize(p) > (64 << 20): continue
                with open(p, "rb") as fh: data = fh.read()
                n += 1
                for m in marks:
                    if m in data: hits.append((p, m.decode()))
            except OSError: pass
print("files read", n)
print("hits", len(hits), hits[:200])
'''
c = probe_run("a14", PROBE)
