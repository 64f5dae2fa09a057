"""a02: re-attack of round 17's code cap (a feedback page shows at most 20,000 characters of a cell's code, 200,000 of
a notebook's, because Pygments' IPython lexer is super-linear on some text) by choosing another lexer. The feedback
template highlights a code cell with highlight_code(metadata=cell.metadata), and nbconvert's Highlight2HTML replaces an
"ipython*" language with the cell's own metadata["magics_language"] when there is one. Cell metadata is the
student's: a solution code cell with {"magics_language": "xpp"} (Pygments' X++ lexer, quadratic on "a\\n" repeated)
and 20,000 characters of "a\\n" is within the code cap but takes minutes to highlight. The hand-in is the release with
its first solution cell(s) replaced (CELLS cells of CHARS characters). Graded as aa_honest, m1, zz_honest, after a
baseline of aa_honest and zz_honest alone."""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from u20 import *
import a01_markdown_lexer_stall as a01

A = "ps1_memory"
CHARS = int(os.environ.get("CHARS", "20000"))
CELLS = int(os.environ.get("CELLS", "1"))
LEXER = os.environ.get("LEXER", "xpp")


def hostile():
    def mutate(nb):
        n = 0
        for c in nb.cells:
            if c.cell_type == "code" and c.get("metadata", {}).get("nbgrader", {}).get("solution") and n < CELLS:
                c.source = "a\n" * (CHARS // 2)
                c.metadata["magics_language"] = LEXER
                n += 1
    return notebook(A, mutate=mutate)


if __name__ == "__main__":
    if os.environ.get("SKIP_BASELINE") != "1":
        a01.run("a02-base", {("aa_honest", A): honest(A), ("zz_honest", A): honest(A)})
    a01.run("a02", {("aa_honest", A): honest(A), ("m1", A): hostile(), ("zz_honest", A): honest(A)})
