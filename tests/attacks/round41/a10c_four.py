"""a10c: a10's image four times (the notebook's whole 64 Mpx budget), two in quiz_q1's output and two in quiz_q2's
(one cell's outputs are cut at 2 MB); then a02b_browser.py on the page."""
import sys, base64, zlib; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
from a10_progressive_jpeg import bomb
from tools.submissions import solution_text
src = nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4)
ans = {c.metadata["nbgrader"]["grade_id"]: solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") in ("quiz_q1", "quiz_q2")}
data, _, _ = bomb(4096, 18000)
packed = base64.b64encode(zlib.compress(data, 9)).decode()
def cell(q):
    return (ans[q] + '\nimport base64, zlib\nfrom IPython.display import Image as _I, display as _d\n'
            f'_j = zlib.decompress(base64.b64decode("{packed}"))\n_d(_I(data=_j, format="jpeg"))\n_d(_I(data=_j, format="jpeg"))\n')
d = make_course("a10c")
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides={"quiz_q1": cell("quiz_q1"), "quiz_q2": cell("quiz_q2")}))
hand_in(d, "zoe", notebook())
grade(d)
scores(d)
for where in (f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", f"{d}/feedback/mallory/ps1_memory/ps1_memory.html"):
    t = open(where).read()
    print(where, "size", len(t), "jpeg kept:", t.count("/9j/"), "not-shown notes:", t.count("not shown: at most"), "cut:", t.count("the grader cut"))
