"""a06: a second bypass of round 45's script-change cost: ASCII digits and punctuation "belong to the script around
them" (_COMMON), but a browser draws an emoji with the emoji font and a digit with the text font: a font run at every
character. `😀1😀1...` is charged 0 changes (emoji block 0x1F600 and common digits) and cost chromium 9.6 s for 50,000
(a01; `a一`, charged 17x, 10.8 s; CJK alone 3.0 s). Same budgets as a02 (every written answer, 4 extra markdown cells,
10 code cells printing 19,900)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
PLAIN = "plain" in sys.argv
PAIR = "\u4e00\u4e00" if PLAIN else "\U0001F6001"
def text(n): return (PAIR * (n // 2 + 1))[:n]

def build():
    m = honest(A)
    for c in m.cells:
        if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("solution"):
            c.source = text(49_900)
    extra = [nbformat.v4.new_markdown_cell(text(49_900)) for _ in range(4)]
    extra += [nbformat.v4.new_code_cell(f"print(('{PAIR}' * 10000)[:19900])  # " + text(19_850)) for _ in range(10)]
    m.cells[len(m.cells) - 1:len(m.cells) - 1] = extra
    return m

if __name__ == "__main__":
    tag = "a06p" if PLAIN else "a06"
    d = make_course(tag)
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d); print("seconds", seconds(d))
    m = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    n = sum(len("".join(c["source"])) + sum(len("".join(o.get("text", ""))) for o in c.get("outputs", [])) for c in m["cells"])
    print(f"graded notebook of mallory: {n:,} characters in sources+outputs")
    feedback_paint(d, tag)
    formgrader_times(d, tag, 8975 + PLAIN)
    shutil.rmtree(d)
