"""a06: what a check's child (the student's code run by the observer) holds: limits, ids, seccomp, descriptors,
the observer's /proc entries (mem, fd, environ), and its parent's channel."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
import nbformat
src = nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4)
from tools.submissions import solution_text
sol = [solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory"][0]
SPY = r'''
def _spy():
    import os, resource, glob
    out = []
    out.append(f"pid {os.getpid()} ppid {os.getppid()} uid {os.getuid()}")
    out.append(str({n: resource.getrlimit(getattr(resource, n)) for n in dir(resource) if n.startswith("RLIMIT_")}))
    out.append(str([l for l in open('/proc/self/status').read().splitlines() if l.startswith(('Cap', 'Seccomp', 'NoNewPrivs'))]))
    out.append("fds " + str([(fd, os.readlink(f'/proc/self/fd/{fd}')) for fd in os.listdir('/proc/self/fd') if os.path.exists(f'/proc/self/fd/{fd}')]))
    for p in glob.glob('/proc/[0-9]*'):
        try: cmd = open(p + '/cmdline', 'rb').read()[:80]
        except Exception as e: cmd = repr(e)
        row = [p, cmd]
        for what in ('mem', 'environ', 'fd'):
            try:
                if what == 'fd': row.append((what, os.listdir(p + '/fd')[:8]))
                else: row.append((what, len(open(p + '/' + what, 'rb').read(64))))
            except Exception as e: row.append((what, type(e).__name__))
        out.append(str(row))
    with open('/tmp/spy.txt', 'a') as fh: fh.write("\n".join(out) + "\n----\n")
'''
CODE = SPY + sol.replace('def training_memory(model, optimizer):', 'def training_memory(model, optimizer):\n    _spy()', 1)
d = make_course("a06")
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides={"training_memory": CODE, "quiz_q5": "q5 = \"c\"\nt = open(\"/tmp/spy.txt\").read().split(\"----\")\nprint(len(t), [b[:3000] for b in t if not b.strip().startswith(\"pid 3 \")][:2])"}))
hand_in(d, "zoe", notebook())
grade(d)
scores(d)
for t in outputs(d, "mallory", want="pid "): print(t[:6000])
