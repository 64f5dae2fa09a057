"""a03: re-attack of round 20's feedback fix (fenced blocks shown plain, code cells always highlighted as IPython)
with round 20's own slow inputs: both written answers (markdown cells the student owns) hold a ```xpp fenced block of
"a\\n" * 4,000, and the first solution code cell has metadata magics_language "xpp" and 10,000 lines of "a" inside a
string (20,000 characters, the code cap). Round 20: 94 s of autograde (InertForTheBrowser) and a 120 s feedback stall.
Times the hand-in and the feedback page of the honest student after it, against a baseline."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u21 import *

A = "ps1_memory"


def hostile():
    def mutate(nb):
        code_done = False
        for c in nb.cells:
            meta = c.get("metadata", {}).get("nbgrader", {})
            if not meta.get("solution"):
                continue
            if c.cell_type == "markdown":
                c.source = "My answer:\n\n```xpp\n" + "a\n" * 4000 + "```\n"
            elif c.cell_type == "code" and not code_done:
                c.metadata["magics_language"] = "xpp"
                c.source += '\n_x = """\n' + "a\n" * 10000 + '"""\n'
                code_done = True
    return notebook(A, mutate=mutate)


def run(tag, students):
    dest = course(tag, students)
    t0 = time.time()
    p = grade(dest, env=CANARY_ENV)
    print(f"{tag}: wall {time.time() - t0:.1f} s")
    out = p.stdout + p.stderr
    print(f"{tag}: canary in grader output:", "secret@localhost" in out or "AKIASECRETCANARY123" in out)
    report(dest)
    scores(dest)
    cleanup(dest)


if __name__ == "__main__":
    if not os.environ.get("NOBASE"):
        run("a03-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    run("a03", {("aa_honest", A): honest(A), ("m1", A): hostile(), ("zz_honest", A): honest(A)})
