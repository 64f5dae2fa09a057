"""a09: what of the host tree the kernel sees: the Python installation is under the TA's home ($TA_HOME/.pyenv), and
the venv/checkout under /opt. Walk /root, /opt, /home, /etc, /var, /run (depth-limited) from the kernel and list
every path that is not a plain part of a Python installation or the course's helpers/probes; look for the TA's
dotfiles, other checkouts, the course folder, sockets."""
from common import *
PROBE = r'''
q1 = "b"
import os
def walk(top, depth):
    out = []
    try:
        entries = sorted(os.listdir(top))
    except OSError as e:
        return [f"{top} E{e.errno}"]
    for e in entries:
        p = os.path.join(top, e)
        out.append(p + ("/" if os.path.isdir(p) and not os.path.islink(p) else ""))
        if depth > 1 and os.path.isdir(p) and not os.path.islink(p):
            out += walk(p, depth - 1)
    return out
for top, d in (("/root", 4), ("/opt", 3), ("/home", 2), ("/var", 2), ("/run", 2), ("/tmp", 1), ("/etc", 1), ("/", 1), ("/sys", 3)):
    items = walk(top, d)
    print(f"## {top}: {len(items)}")
    print("\n".join(items[:80]))
import sys; print("sys.path", sys.path)
'''
c = make_course("a09")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": PROBE}))
hand_in(c, "zoe", honest())
grade(c)
print(open(c + "/grades.csv").read())
nb = nbformat.read(c + "/autograded/mallory/ps1_memory/ps1_memory.ipynb", as_version=4)
for cell in nb.cells:
    if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        for o in cell.outputs:
            print(o.get("text", o))
