"""a02: re-attack of round 16's fix (hidden-test regions found in one pass) by another way: the feedback's redaction.

`HideHiddenTests` takes every line (8+ characters) of a `### BEGIN HIDDEN TESTS` ... `### END HIDDEN TESTS` region in
a code cell as "secret" and redacts every output line that contains one: for each output line it tries every secret
line (`_redact`), so the work is (secret lines) x (output lines). The region may sit in the student's own answer cell
(comments, closed properly, so round 16's one-pass search finds it in linear time). This hand-in's answer cell holds
N distinct comment lines in such a region and shows K separate outputs of LINES distinct lines, each beginning
with a secret line (so the cheap precheck passes); nbgrader's LimitOutput caps each output, not their number. The page is made in a child stopped after FEEDBACK_TIMEOUT (120 s); pages are made one
after another, so each such hand-in delays every later student's page and the end of the grading command.

Two runs through `python -m grader.grade --course-dir DIR --workers 1`: a baseline class (aa_honest, zz_honest) and
the same class with m1 and m2 between them. Honest students are the solution."""
import os, sys, time, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common17 import *  # noqa

N = int(os.environ.get("N", "80000"))        # secret lines in the answer cell's region
K = int(os.environ.get("K", "220"))          # separate display outputs of that cell (nbgrader limits each output)
LINES = int(os.environ.get("LINES", "600"))  # lines of each output (under nbgrader's per-output limits)
A = "ps1_memory"


def hostile():
    secret = "\n".join(f"# s{i:013d}" for i in range(N))
    code = (f"q1 = 'a'\n### BEGIN HIDDEN TESTS\n{secret}\n### END HIDDEN TESTS\n"
            "from IPython.display import display\n"
            f"for k in range({K}):\n"
            f"    display({{'text/plain': '\\n'.join(['# s0000000000000'] + [f'o{{k:05d}}{{i:08d}}' for i in range({LINES})])}}, raw=True)\n")
    return notebook(overrides={"quiz_q1": code}, assignment=A)


def page_times(dest, t0):
    out = {}
    for p in sorted(glob.glob(os.path.join(dest, "feedback", "*", A, "*.html"))):
        out[p.split("/feedback/")[1].split("/")[0]] = round(os.path.getmtime(p) - t0, 1)
    return out


def run(dest, students):
    course(dest, students, A)
    t0 = time.time()
    grade(dest)
    total = time.time() - t0
    sc = scores(dest)
    for s, v in sorted(sc.items()):
        print(s, v["score"], "/", v["max"])
    pages = page_times(dest, t0)
    print("feedback pages written at (s after the command started):", pages)
    print(f"RESULT {dest}: grading command took {total:.0f} s; pages {pages}; "
          f"honest scores {[(s, sc[s]['score'], sc[s]['max']) for s in sorted(sc) if 'honest' in s]}")
    cleanup(dest) if not os.environ.get("KEEP") else None


def main():
    h = honest(A)
    if os.environ.get("SKIP_BASELINE") != "1":
        run("/tmp/attack17-a02-base", {"aa_honest": h, "zz_honest": h})
    m = hostile()
    run("/tmp/attack17-a02", {"aa_honest": h, "m1": m, "m2": m, "zz_honest": h})


if __name__ == "__main__":
    main()
