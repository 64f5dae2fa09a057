"""a02: round 43's fix cuts runs of combining marks after 30 (`fold_marks`), but in `safe_markdown` it runs on the
markdown SOURCE, before mistune renders it and before `inert_math` spells character references out. A written answer
of 30 literal marks (the most fold_marks keeps) then `&#769;` (one mark, written as a reference), repeated, is seen by
fold_marks as runs of 30 broken by ASCII; the page holds one grapheme cluster of ~43,000 marks per cell. mallory's
written answers and 3 extra markdown cells are such; chromium paints every student's feedback page; the graded
notebook (Formgrader's page source) is checked for the longest run of marks."""
import os, re, sys, unicodedata
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; Z = "\u0301"
UNIT = Z * 30 + "&#769;"
CELL = "a" + UNIT * (49_900 // len(UNIT))

def longest_run(text):
    best = cur = 0
    for ch in text:
        if unicodedata.category(ch).startswith("M"):
            cur += 1; best = max(best, cur)
        else:
            cur = 0
    return best

def build():
    m = honest(A)
    for c in m.cells:
        if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("solution"):
            c.source = CELL
    m.cells[len(m.cells) - 1:len(m.cells) - 1] = [nbformat.v4.new_markdown_cell(CELL) for _ in range(3)]
    return m

if __name__ == "__main__":
    import html as H
    print("cell source:", len(CELL), "characters; longest literal run", longest_run(CELL), "; as the browser decodes it:", longest_run(H.unescape(CELL)))
    d = make_course("a02")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d); print("seconds", seconds(d))
    for s in (AARON, MALLORY, ZOE):
        f = f"{d}/feedback/{s}/{A}/{A}.html"
        page = open(f).read()
        t = time.time()
        r = subprocess.run(["timeout", "600", "chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot=/tmp/attack45-user-a02-{s}.png",
                            "--window-size=1200,800", "file://" + f], capture_output=True)
        print(f"{s}: feedback page {len(page):,} chars, {sum(1 for ch in H.unescape(page) if unicodedata.category(ch).startswith('M')):,} marks, "
              f"longest run {longest_run(H.unescape(page)):,}; chromium painted it in {time.time()-t:.1f}s (rc {r.returncode})", flush=True)
        if os.path.exists(f"/tmp/attack45-user-a02-{s}.png"): os.unlink(f"/tmp/attack45-user-a02-{s}.png")
    g = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    runs = [longest_run(H.unescape("".join(c["source"]))) for c in g["cells"] if c["cell_type"] == "markdown"]
    print("graded notebook (what Formgrader renders): longest run of marks per markdown cell:", [r for r in runs if r > 30])
