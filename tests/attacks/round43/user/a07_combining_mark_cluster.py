"""a07: the pages' budgets count characters (as escaped), but a browser's cost is not linear in characters: one
grapheme cluster of N combining marks (`a` + U+0301 x N) is shaped as one unit, super-linearly (offline chromium:
20,000 -> 1.5 s, 50,000 -> 5.5 s, 200,000 -> 39.5 s to paint; the same characters as separate clusters 0.6 s).
mallory fills every budget with such clusters: each written answer 49,000, 4 extra markdown cells of 49,000, 10 extra
code cells of 19,900 (code is cut at 20,000 a cell) printing 19,900 each (outputs cut at 20,000). Graded as 65534
with aaron and zoe; chromium paints each student's feedback page (file://) and the time is compared."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; Z = "\u0301"
m = honest(A)
for c in m.cells:
    if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("solution"):
        c.source = "a" + Z * 49000
extra = [nbformat.v4.new_markdown_cell("a" + Z * 49000) for _ in range(4)]
extra += [nbformat.v4.new_code_cell("s = 'a' + '\\u0301' * 19880; print(s)  # " + "a" + Z * 19800) for _ in range(10)]
m.cells[len(m.cells) - 1:len(m.cells) - 1] = extra
d = make_course("a07")
hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, m); hand_in(d, ZOE, A, honest(A))
grade(d, A); scores(d)
for s in (AARON, MALLORY, ZOE):
    f = f"{d}/feedback/{s}/{A}/{A}.html"
    html = open(f).read()
    t = time.time()
    r = subprocess.run(["timeout", "600", "chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot=/tmp/attack43-user-a07-{s}.png",
                        "--window-size=1200,800", "file://" + f], capture_output=True)
    print(f"{s}: feedback page {len(html):,} chars, {html.count(Z):,} combining marks; chromium painted it in {time.time()-t:.1f}s (rc {r.returncode})", flush=True)
    os.unlink(f"/tmp/attack43-user-a07-{s}.png") if os.path.exists(f"/tmp/attack43-user-a07-{s}.png") else None
g = open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb").read()
print("graded notebook (Formgrader's page source):", g.count("\\u0301") + g.count(Z), "combining marks kept")
shutil.rmtree(d)
