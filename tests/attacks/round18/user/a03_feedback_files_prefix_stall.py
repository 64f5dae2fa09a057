"""a03: a second way around round 17's fix (and the markdown budget before it): the feedback template's
`strip_files_prefix`. nbgrader's feedback template renders every markdown cell as
`cell.source | markdown2html | strip_files_prefix`. HideHiddenTests has already made the cell's source one line of
sanitised HTML (safe_markdown), or, for a cell over 50,000 characters, one line of escaped plain text (`_plain`, the
first 50,000 characters, "[" and "!" left as they are, newlines as "&#10;"). strip_files_prefix then runs
nbconvert's `(!?)\\[(.*?)\\]\\(/?files/(.*?)\\)` over it: every "[" starts a lazy scan to the end of the line, so a
line of "![![![..." costs n^2 (50,002 characters: 23 s locally). `_plain` cells are not charged to the notebook's
markdown budget, so every such cell costs that again. The hostile hand-in is the release notebook with both
written-answer cells and EXTRA added markdown cells (no nbgrader metadata) each holding "![" * 25,001. Two such
students (m1, m2) are graded between aa_honest and zz_honest, after a baseline of the two honest students alone."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u18 import *

A = "ps1_memory"
REPS = int(os.environ.get("REPS", "25001"))
EXTRA = int(os.environ.get("EXTRA", "4"))
HOSTILE = int(os.environ.get("HOSTILE", "2"))


def hostile():
    def mutate(nb):
        payload = "![" * REPS
        for c in nb.cells:
            if c.cell_type == "markdown" and c.get("metadata", {}).get("nbgrader", {}).get("solution"):
                c.source = payload
        for _ in range(EXTRA):
            nb.cells.append(nbformat.v4.new_markdown_cell(payload))
    return notebook(A, mutate=mutate)


def run(tag, students):
    dest = course(tag, students)
    t0 = time.time()
    p = grade(dest, env=CANARY_ENV)
    for s, _ in students:
        f = f"{dest}/feedback/{s}/{A}/{A}.html"
        print(f"{tag}: {s} feedback page", f"written {os.path.getmtime(f) - t0:.0f} s after the start, {os.path.getsize(f):,} bytes" if os.path.exists(f) else "MISSING")
    for line in (p.stdout + p.stderr).splitlines():
        if "feedback" in line and ("fail" in line or "stopped" in line):
            print(f"{tag}: LOG:", line[:200])
    out = p.stdout + p.stderr
    print(f"{tag}: canary in grader output:", "secret@localhost" in out or "AKIASECRETCANARY123" in out)
    report(dest)
    scores(dest)
    cleanup(dest)


if __name__ == "__main__":
    print(f"hostile: 2 written answers + {EXTRA} added markdown cells, each '![' * {REPS}")
    if not os.environ.get("NOBASE"):
        run("a03-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    st = {("aa_honest", A): honest(A)}
    for i in range(HOSTILE):
        st[(f"m{i+1}", A)] = hostile()
    st[("zz_honest", A)] = honest(A)
    run("a03", st)
