"""a03: the kept log is the grading log's head (64 KiB) and its end (1 MiB - head), joined by a gap line; the end
starts at a byte offset counted from the end of the file, wherever that falls: mid-line. Every line is folded and
escaped, but the partial line after the gap begins a row with whatever text was there. nbgrader logs, at ERROR,
`unhandled iopub msg: <msg_type>` for a message type the kernel signed itself (record capped at 4,000 chars, the
whole log at 8 MiB > 1 MiB): mallory's kernel sends 400 iopub messages whose type is 50 copies of a 78-column fake
grader line, then fails on purpose (30,000 displays) so that its log is kept. PAD (argv[1]) extra characters at the
end of the last message move the cut, to land it on a fake line's start."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from render import draw
import glob
A = "ps1_memory"
PAD = int(sys.argv[1]) if len(sys.argv) > 1 else 0
FAKE = "[E 07:09:41 grader] zoe FAILED: the kernel died while a cell ran"
cell = sol(A, "training_memory") + r'''
ip = get_ipython(); k = ip.kernel
parent = k.get_parent("shell") if hasattr(k, "get_parent") else k._parent_header
unit = (%r + " " * 78)[:78]
for i in range(400):
    body = unit * 50 + ("x" * %d if i == 399 else "")
    k.session.send(k.iopub_socket, body, {"name": "stdout", "text": "x"}, parent=parent)
import time; time.sleep(2)
from IPython.display import display
for i in range(30000):
    display(i)
''' % (FAKE, PAD)
d = make_course("a03", A, {"mallory": {"training_memory": cell}})
r, el = grade(d, A)
scores(d, A)
for f in glob.glob(f"{d}/grading_logs/**/*.log", recursive=True):
    t = open(f, encoding="utf-8").read()
    open("tests/attacks/round33/user/a03.%s_kept.log" % os.path.basename(f)[:-4], "w").write(t)
    rows = t.split("\n")
    print("==== kept log", f, len(t), "chars,", len(rows), "rows")
    for i, row in enumerate(rows):
        if row.startswith("[... "):
            print("  gap row %d: %r" % (i, row))
            print("  next row %d: %r" % (i + 1, rows[i + 1]))
            print("  row after: %r" % rows[i + 2][:100])
            nxt = rows[i + 1]
            pos = nxt.find("[E 07:09:41")
            print("  the fake line starts at column", pos, "of the row after the gap; PAD to add:", (pos) % 78 if pos >= 0 else "?")
canary_scan(d)
