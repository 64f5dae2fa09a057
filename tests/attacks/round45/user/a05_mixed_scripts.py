"""a05: the pages' budgets count characters; a browser's cost per character is not the same for all text. Text that
changes script at every character (`a` + CJK `一`, no space: each character its own shaping run and font-fallback
lookup) costs chromium ~0.07 ms a character, 10-20x plain text (offline: 50,000 -> 4.7 s, 100,000 -> 8.3 s, 200,000 ->
14.2 s; one script 0.7-1.1 s at 50,000). Linear, not super-linear like round 43's marks, but nothing bounds it but the
budgets. mallory fills every budget of the Formgrader page: 2 written answers of 49,900 (not charged to the notebook's
markdown budget), 4 extra markdown cells of 49,900, 10 code cells of 19,900 printing 19,900. `plain` argument: the
same budgets filled with CJK `一` alone (control: as many characters, one script; a first control of `a` alone
failed to screenshot: one unbroken word of 49,900 is too wide a page, a05plain-aa-failed.out.txt)."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
PLAIN = "plain" in sys.argv
PAIR = "\u4e00\u4e00" if PLAIN else "a\u4e00"  # control: CJK alone (breakable anywhere, one script)
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
    tag = "a05p" if PLAIN else "a05"
    d = make_course(tag)
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d); print("seconds", seconds(d))
    feedback_paint(d, tag)
    formgrader_times(d, tag, 8960 + PLAIN)
    shutil.rmtree(d)
