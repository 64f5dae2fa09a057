"""a04: re-attack of round 16's fix (the hidden-test regex made linear) by another way: the feedback page's syntax
highlighting. nbconvert highlights every code cell with Pygments' IPython3 lexer, whose time grows faster than
linearly on some inputs: "a .a .a ..." (900 kB: 23 s here, 200,000 repeats 11 s, 100,000 3.6 s). The hostile hand-in
is the release notebook with one of its own solution cells replaced by "a" + " .a" * REPS (3 MB at 1,000,000, a
SyntaxError in the kernel, far under the 64 MiB notebook cap). Two such students (m1, m2) are graded between
aa_honest and zz_honest, after a baseline class of the two honest students alone. Measured: the feedback failures,
when zz_honest's page was written and how long the grading command took."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u17 import *

A = "ps1_memory"
REPS = int(os.environ.get("REPS", "1000000"))


def hostile():
    def mutate(nb):
        for c in nb.cells:
            if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
                c.source = "a" + " .a" * REPS
                return
    return notebook(A, mutate=mutate)


def run(tag, students):
    dest = course(tag, students)
    t0 = time.time()
    p = grade(dest)
    for s, _ in students:
        f = f"{dest}/feedback/{s}/{A}/{A}.html"
        print(f"{tag}: {s} feedback page", f"written {os.path.getmtime(f) - t0:.0f} s after the start" if os.path.exists(f) else "MISSING")
    for line in (p.stdout + p.stderr).splitlines():
        if "feedback" in line and ("fail" in line or "stopped" in line):
            print(f"{tag}: LOG:", line[:300])
    report(dest)
    scores(dest)
    cleanup(dest)


if __name__ == "__main__":
    print("hostile cell characters:", 1 + 3 * REPS)
    run("a04-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    run("a04", {("aa_honest", A): honest(A), ("m1", A): hostile(), ("m2", A): hostile(), ("zz_honest", A): honest(A)})
