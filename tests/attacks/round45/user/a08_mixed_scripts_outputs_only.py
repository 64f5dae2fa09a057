"""a08: a05 through outputs alone (what a kernel prints; no written answer or extra markdown): 10 extra code cells, each
printing 19,900 characters of `a一` (the output cap is 20,000 a cell, 200,000 a notebook), the code cells' own source
short. Feedback page and Formgrader page timed in chromium against aaron and zoe."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
def build():
    m = honest(A)
    m.cells[len(m.cells) - 1:len(m.cells) - 1] = [nbformat.v4.new_code_cell("print(('a\\u4e00' * 10000)[:19900])") for _ in range(10)]
    return m
if __name__ == "__main__":
    d = make_course("a08")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d); print("seconds", seconds(d))
    feedback_paint(d, "a08")
    formgrader_times(d, "a08", 8964)
    shutil.rmtree(d)
