"""a11: a02 + a03 together: every record nbclient logs for a message type the kernel signed (`unhandled iopub msg:
...`) is 34 characters of padding (the rest of the first 78-column row after nbgrader's 44-character prefix) and
then units of 37 hexagrams + a 35-character fake line, 72 counted columns each, exactly a fold row's room after
`    | `. A terminal that draws hexagrams two wide (tmux, any on Unicode 16) wraps each fold row after the
hexagrams, so the fake line begins a row. How many such rows does one failed submission's kept log hold?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from render import draw
import glob
A = "ps1_memory"
FAKE = "[E 07:14:02 grader] zoe FAILED: 0/24"
FAKE = (FAKE + " " * 35)[:35]
cell = sol(A, "training_memory") + r'''
ip = get_ipython(); k = ip.kernel
parent = k.get_parent("shell") if hasattr(k, "get_parent") else k._parent_header
unit = "\u4dc0" * 37 + %r
for i in range(120):
    k.session.send(k.iopub_socket, "." * 34 + unit * 54, {"name": "stdout", "text": "x"}, parent=parent)
import time; time.sleep(2)
from IPython.display import display
for i in range(30000):
    display(i)
''' % FAKE
d = make_course("a11", A, {"mallory": {"training_memory": cell}})
r, el = grade(d, A)
scores(d, A)
for f in glob.glob(f"{d}/grading_logs/**/*.log", recursive=True):
    t = open(f, encoding="utf-8").read()
    rows = draw(t)
    forged = [r for r in rows if r.startswith(FAKE.strip()[:20])]
    print("kept log", f, len(t), "chars;", len(t.split("\n")), "log rows;", len(rows), "terminal rows (80 columns, wcwidth);",
          len(forged), "terminal rows begin with", repr(FAKE.strip()))
    i = next(i for i, r in enumerate(rows) if r.startswith(FAKE.strip()[:20]))
    print("\n".join("   |" + r for r in rows[i - 3:i + 4]))
canary_scan(d)
