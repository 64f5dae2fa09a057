"""a09: a02 + a03 + a05 together, every budget of Formgrader's page spent on its costliest text: the 2 written answers
are a02's clusters of ~43,000 marks (references), 4 extra markdown cells of 49,900 `a一`, 10 code cells whose source
is 19,900 `a一` and whose output is a03's runs of 30 marks joined by control-character removal (19,200 a run)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
from a02_marks_by_reference import CELL
A = "ps1_memory"
def mixed(n): return ("a\u4e00" * (n // 2 + 1))[:n]
def build():
    m = honest(A)
    for c in m.cells:
        if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("solution"):
            c.source = CELL
    extra = [nbformat.v4.new_markdown_cell(mixed(49_900)) for _ in range(4)]
    extra += [nbformat.v4.new_code_cell("import sys; sys.stdout.write('a' + ('\\u0301' * 30 + '\\x01') * 640)  # " + mixed(19_800)) for _ in range(10)]
    m.cells[len(m.cells) - 1:len(m.cells) - 1] = extra
    return m
if __name__ == "__main__":
    d = make_course("a09")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d); print("seconds", seconds(d))
    feedback_paint(d, "a09")
    formgrader_times(d, "a09", 8965)
    shutil.rmtree(d)
