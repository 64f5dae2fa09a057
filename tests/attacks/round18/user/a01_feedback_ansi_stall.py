"""a01: re-attack of round 17's fix (the feedback page shows at most 20,000 characters of a cell's code, 200,000 of a
notebook's) by another way: the cells' OUTPUTS. nbconvert turns every stream and text/plain output into HTML with
`ansi2html`, which searches the text for the next escape and then slices the rest of the string off (a copy) at every
escape: quadratic in the output's length on dense escapes ("\\x1b[m" repeated: 600 kB in 1.8 s locally). Outputs are
capped by the grader in bytes (1 MB a message, 2 MB a cell, 10 MB a notebook) and in lines (400), not in escapes, and
the page's code budget does not cover them. The hostile hand-in replaces solution cells with prints of "\\x1b[m" * N
(no newline). Two such students (m1, m2) are graded between aa_honest and zz_honest, after a baseline class of the two
honest students alone. Measured: feedback failures, when each page was written, the grading command's time."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u18 import *

A = "ps1_memory"
PER_PRINT = int(os.environ.get("PER_PRINT", "300000"))   # escapes per print (900 kB: under the 1 MB message cap)
PRINTS = int(os.environ.get("PRINTS", "3"))             # prints per cell
CELLS = int(os.environ.get("CELLS", "2"))               # cells
#: one character past Latin-1 at the end of each print: the whole string is then 2 bytes a character (UCS-2), and
#: every slice ansi2html makes copies twice as much and more (locally 600 kB of escapes: 4.4 s ASCII, 36 s with "\u20ac")
TAIL = os.environ.get("TAIL", "\u20ac")
HOSTILE = int(os.environ.get("HOSTILE", "2"))


def hostile():
    def mutate(nb):
        n = 0
        for c in nb.cells:
            if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution") and n < CELLS:
                c.source = (f"import sys\nfor _ in range({PRINTS}):\n"
                            f"    sys.stdout.write('\\x1b[m' * {PER_PRINT} + {TAIL!r}); sys.stdout.flush()\n")
                n += 1
    return notebook(A, mutate=mutate)


def run(tag, students):
    dest = course(tag, students)
    t0 = time.time()
    p = grade(dest)
    for s, _ in students:
        f = f"{dest}/feedback/{s}/{A}/{A}.html"
        print(f"{tag}: {s} feedback page", f"written {os.path.getmtime(f) - t0:.0f} s after the start, {os.path.getsize(f):,} bytes" if os.path.exists(f) else "MISSING")
        g = f"{dest}/autograded/{s}/{A}/{A}.ipynb"
        if s.startswith("m") and os.path.exists(g):
            nb = nbformat.read(g, 4)
            tot = sum(len(o.get("text", "")) for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
            esc = sum(o.get("text", "").count("\x1b") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
            print(f"{tag}: {s} autograded notebook {os.path.getsize(g):,} bytes; output characters {tot:,}, escapes {esc:,}")
    for line in (p.stdout + p.stderr).splitlines():
        if "feedback" in line and ("fail" in line or "stopped" in line):
            print(f"{tag}: LOG:", line[:300])
    report(dest)
    scores(dest)
    cleanup(dest)


if __name__ == "__main__":
    print(f"hostile: {CELLS} cells x {PRINTS} prints x {PER_PRINT} escapes, then {TAIL!r}")
    if not os.environ.get("NOBASE"):
        run("a01-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    st = {("aa_honest", A): honest(A)}
    for i in range(HOSTILE):
        st[(f"m{i+1}", A)] = hostile()
    st[("zz_honest", A)] = honest(A)
    run("a01", st)
