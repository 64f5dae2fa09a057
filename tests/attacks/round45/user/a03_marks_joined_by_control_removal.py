"""a03: `_shown_text` (every output of the feedback page and of the graded notebook Formgrader renders) runs
fold_marks first, then removes control characters (`_CONTROL.sub`). Runs of 30 marks separated by \\x01 pass the
fold as runs of 30, and the removal joins them: one cluster of ~19,000 marks an output. mallory prints 10 such
outputs (extra code cells); her written answers are a02's too (Formgrader only). chromium paints each feedback page;
the graded notebook is checked for its longest run of marks in outputs and markdown."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
import a02_marks_by_reference as a02
from a02_marks_by_reference import longest_run
A = "ps1_memory"
PRINT = "import sys; sys.stdout.write('a' + ('\\u0301' * 30 + '\\x01') * 640)"

def build(with_a02=True):
    m = a02.build() if with_a02 else honest(A)
    m.cells[len(m.cells) - 1:len(m.cells) - 1] = [nbformat.v4.new_code_cell(PRINT) for _ in range(10)]
    return m

if __name__ == "__main__":
    import html as H, unicodedata
    d = make_course("a03")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build(with_a02="--outputs-only" not in sys.argv)); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d); print("seconds", seconds(d))
    for s in (AARON, MALLORY, ZOE):
        f = f"{d}/feedback/{s}/{A}/{A}.html"
        page = open(f).read()
        t = time.time()
        r = subprocess.run(["timeout", "600", "chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot=/tmp/attack45-user-a03-{s}.png",
                            "--window-size=1200,800", "file://" + f], capture_output=True)
        print(f"{s}: feedback page {len(page):,} chars, {sum(1 for ch in H.unescape(page) if unicodedata.category(ch).startswith('M')):,} marks, "
              f"longest run {longest_run(H.unescape(page)):,}; chromium painted it in {time.time()-t:.1f}s (rc {r.returncode})", flush=True)
        if os.path.exists(f"/tmp/attack45-user-a03-{s}.png"): os.unlink(f"/tmp/attack45-user-a03-{s}.png")
    g = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    outs = [longest_run("".join(o.get("text", ""))) for c in g["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])]
    print("graded notebook: longest run of marks per output:", [r for r in outs if r > 30])
    md = [longest_run(H.unescape("".join(c["source"]))) for c in g["cells"] if c["cell_type"] == "markdown"]
    print("graded notebook: longest run per markdown cell:", [r for r in md if r > 30])
