"""a02: round 45's fix charges SCRIPT_CHANGE_COST (16) per change of script, but its table calls 0x2E80-0x9FFF,
0xAC00-0xD7FF and 0xFF00-0xFFEF all one script ("cjk"). To a browser (Unicode's Script property, which HarfBuzz/ICU
itemize by) they are Han, Hangul, Hiragana, Katakana, Bopomofo, and - in the fullwidth forms block - *Latin*
(U+FF21 'Ａ') and halfwidth Katakana. Text alternating Han and fullwidth Latin (`一Ａ一Ａ...`) is charged 0 changes and
costs chromium what `a一` (charged 17x) does (a01: 10.1 s vs 8.1 s for 50,000; CJK alone 3.2 s).
mallory fills every budget as round 45's a05 did: 2 written answers of 49,900, 4 extra markdown cells of 49,900,
10 code cells of 19,900 printing 19,900. `plain` argument: control, the same budgets of CJK `一` alone."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
PLAIN = "plain" in sys.argv
PAIR = "\u4e00\u4e00" if PLAIN else "\u4e00\uff21"
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
    tag = "a02p" if PLAIN else "a02"
    d = make_course(tag)
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d); print("seconds", seconds(d))
    m = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    n = sum(len("".join(c["source"])) + sum(len("".join(o.get("text", ""))) for o in c.get("outputs", [])) for c in m["cells"])
    print(f"graded notebook of mallory: {n:,} characters in sources+outputs")
    feedback_paint(d, tag)
    formgrader_times(d, tag, 8971 + PLAIN)
    shutil.rmtree(d)
