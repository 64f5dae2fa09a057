"""a05: re-attack of round 17's feedback caps by another way: a RAW cell, which no cap of the feedback covers.

Round 17 capped what the feedback renders of markdown cells (50,000 characters and 2,000 tags a cell, 200,000 and
10,000 a notebook: "the sanitiser's time grows with the tags") and of code cells (20,000 / 200,000 characters). A raw
cell is neither: `InertForTheBrowser` only drops its MIME type, and nbconvert's `SanitizeHTML` (on, through
`HTMLExporter.sanitize_html`) sanitises *every* raw cell with bleach, whose time grows faster than linearly in nested
tags (offline: 20,000 nested `<i>` in 80 kB took 10.9 s; 80,000 did not finish in 100 s). The hand-in is the
untouched release plus one raw cell of RAW_TAGS nested `<i>a` (4 characters each, 160 kB at 40,000). Nothing else.

Two runs through `python -m grader.grade --course-dir DIR --workers 1`: a baseline class (aa_honest, zz_honest)
and the same class with m1 and m2 (each that hand-in) between them. Honest students are the solution."""
import os, sys, time, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common18 import *  # noqa

A = "ps1_memory"
RAW_TAGS = int(os.environ.get("RAW_TAGS", "40000"))


def hostile():
    def add_raw(nb):
        nb.cells.append(nbformat.v4.new_raw_cell("<i>a" * RAW_TAGS))
    return notebook(mutate=add_raw, assignment=A)


def page_times(dest, t0):
    out = {}
    for p in sorted(glob.glob(os.path.join(dest, "feedback", "*", A, "*.html"))):
        out[p.split("/feedback/")[1].split("/")[0]] = round(os.path.getmtime(p) - t0, 1)
    return out


def run(dest, students):
    course(dest, students, A)
    size = {s: os.path.getsize(os.path.join(dest, "submitted", s, A, f"{A}.ipynb")) for s in students}
    print("hand-in sizes (bytes):", size)
    t0 = time.time()
    grade(dest)
    total = time.time() - t0
    sc = scores(dest)
    for s, v in sorted(sc.items()):
        print(s, v["score"], "/", v["max"])
    pages = page_times(dest, t0)
    print("feedback pages written at (s after the command started):", pages)
    print(f"RESULT {dest}: grading command took {total:.0f} s; pages {pages}; "
          f"honest scores {[(s, sc[s]['score'], sc[s]['max']) for s in sorted(sc) if 'honest' in s]}", flush=True)
    cleanup(dest) if not os.environ.get("KEEP") else None


def main():
    h = honest(A)
    if os.environ.get("SKIP_BASELINE") != "1":
        run("/tmp/attack18-a05-base", {"aa_honest": h, "zz_honest": h})
    m = hostile()
    run("/tmp/attack18-a05", {"aa_honest": h, "m1": m, "m2": m, "zz_honest": h})


if __name__ == "__main__":
    main()
