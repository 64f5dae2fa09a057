"""a01: re-attack of round 17's feedback caps (hidden lines looked for in test cells only; at most 20,000 characters of
a cell's code and 200,000 of a notebook's) by another way: the *outputs*, which no cap of the feedback bounds in
rendering time.

nbconvert's feedback template renders every stream output (and every text/plain display) through
`nbconvert.filters.ansi.ansi2html`, whose loop re-slices the remaining text after each ANSI escape
(`text = text[m.end():]`): work = (escapes) x (length), quadratic. The grader keeps up to 1,000,000 characters per
output message, 2,000,000 per cell and 10,000,000 per notebook (ResilientExecute), and nbgrader's LimitOutput caps
*lines* (400), not the length of one line. So each of 5 answer cells prints two messages of ~1 MB on ONE line made of
"\\x1b[4mA" (5 characters, 200,000 escapes a message): 10 outputs of ~1 MB, each costing seconds in ansi2html.
The feedback pages are made one after another; the grading command waits for all.

Two runs through `python -m grader.grade --course-dir DIR --workers 1`: a baseline class (aa_honest, zz_honest) and
the same class with m1 and m2 between them. Honest students are the solution."""
import os, sys, time, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common18 import *  # noqa

A = "ps1_memory"
PER_MSG = int(os.environ.get("PER_MSG", "199000"))   # escapes a message (5 characters each: under 1,000,000)
CELLS = ("quiz_q1", "quiz_q2", "quiz_q3", "quiz_q4", "quiz_q5")


def hostile():
    code = ("import sys\n"
            f"for _ in range(2):\n"
            f"    sys.stdout.write('\\x1b[4mA' * {PER_MSG}); sys.stdout.flush()\n"
            "    import time; time.sleep(0.3)\n")
    return notebook(overrides={c: code for c in CELLS}, assignment=A)


def page_times(dest, t0):
    out = {}
    for p in sorted(glob.glob(os.path.join(dest, "feedback", "*", A, "*.html"))):
        out[p.split("/feedback/")[1].split("/")[0]] = (round(os.path.getmtime(p) - t0, 1), os.path.getsize(p) >> 20)
    return out


def graded_outputs(dest, student):
    import json
    p = os.path.join(dest, "autograded", student, A, f"{A}.ipynb")
    if not os.path.exists(p):
        return None
    nb = json.load(open(p))
    sizes = [len(o.get("text", "")) if isinstance(o.get("text"), str) else len("".join(o.get("text", [])))
             for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", []) if o.get("output_type") == "stream"]
    return {"stream_outputs": len(sizes), "largest": max(sizes, default=0), "total_chars": sum(sizes)}


def run(dest, students):
    course(dest, students, A)
    t0 = time.time()
    grade(dest)
    total = time.time() - t0
    sc = scores(dest)
    for s, v in sorted(sc.items()):
        print(s, v["score"], "/", v["max"])
    for s in students:
        if not s.endswith("honest"):
            print(s, "graded notebook's stream outputs:", graded_outputs(dest, s))
    pages = page_times(dest, t0)
    print("feedback pages (s after the command started, MiB):", pages)
    print(f"RESULT {dest}: grading command took {total:.0f} s; pages {pages}; "
          f"honest scores {[(s, sc[s]['score'], sc[s]['max']) for s in sorted(sc) if 'honest' in s]}")
    cleanup(dest) if not os.environ.get("KEEP") else None


def main():
    h = honest(A)
    if os.environ.get("SKIP_BASELINE") != "1":
        run("/tmp/attack18-a01-base", {"aa_honest": h, "zz_honest": h})
    m = hostile()
    run("/tmp/attack18-a01", {"aa_honest": h, "m1": m, "m2": m, "zz_honest": h})


if __name__ == "__main__":
    main()
