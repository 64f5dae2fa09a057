"""The graded notebook keeps every code cell's whole source (InertForTheBrowser cuts nothing; only the student's
feedback page is cut to 20,000 characters a cell, 200,000 a notebook). Formgrader highlights each code cell with
Pygments inside the TA's Jupyter server, synchronously, on its one event-loop thread, with no CPU or memory cap:
about 16 us a character. A hand-in with one extra code cell of N MB of ' .a' on one line (a SyntaxError; one JSON string, so no item cap applies): how long
does grading take, how long does rendering mallory's Formgrader page take (offline, the same exporter), and how
much memory? Live stall of other pages: a05."""
import resource, sys, threading
from common import *
MB = float(sys.argv[1]) if len(sys.argv) > 1 else 6
d = course("a04" if MB == 6 else f"a04-{MB:g}mb")
hand_in(d, "aaron", honest())
nb = honest()
big = nbformat.v4.new_code_cell("x = 1 " + " .a" * int(MB * 1e6 / 3))   # one line: one JSON item
nb.cells.insert(3, big)
hand_in(d, "mallory", nb)
hand_in(d, "zoe", honest())
print("hand-in size:", os.path.getsize(f"{d}/submitted/mallory/ps1_memory/ps1_memory.ipynb"))
r = grade(d)
print("\n".join(l for l in r.stdout.splitlines() if l.startswith(("aaron", "mallory", "zoe")) or "graded in" in l))
print(open(f"{d}/grading_report.json").read()[:600])
ag = f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb"
print("graded notebook size:", os.path.getsize(ag) if os.path.exists(ag) else None)
fb = f"{d}/feedback/mallory/ps1_memory/ps1_memory.html"
print("feedback page size:", os.path.getsize(fb) if os.path.exists(fb) else None)
for st in ("aaron", "mallory"):
    t = time.time(); c0 = time.process_time()
    h = formgrade_html(d, st)
    print(f"Formgrader page of {st}: {time.time()-t:.1f} s wall, {time.process_time()-c0:.1f} s CPU, {len(h)/1e6:.1f} MB of HTML,"
          f" max RSS so far {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss/1e6:.2f} GB")
print("canaries:", grep_canaries(d))
