"""a13: a02's fill-byte JPEG (23,000 x 23,000, checker: 16 x 16) four times in each of the five quiz cells: 20
images, 10.6 Gpx against the notebook's 64 Mpx budget; then a02b_browser.py on the page."""
import sys, base64, zlib; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
from a02_jpeg_fill_byte import bomb
from tools.submissions import solution_text
src = nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4)
qs = [f"quiz_q{i}" for i in range(1, 6)]
ans = {c.metadata["nbgrader"]["grade_id"]: solution_text(c) for c in src.cells if c.metadata.get("nbgrader", {}).get("grade_id") in qs}
packed = base64.b64encode(zlib.compress(bomb(23000, 23000), 9)).decode()
over = {q: ans[q] + '\nimport base64, zlib\nfrom IPython.display import Image as _I, display as _d\n'
           f'_j = zlib.decompress(base64.b64decode("{packed}"))\nfor _ in range(4): _d(_I(data=_j, format="jpeg"))\n' for q in qs}
d = make_course("a13")
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", notebook(overrides=over))
hand_in(d, "zoe", notebook())
grade(d)
scores(d)
for where in (f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", f"{d}/feedback/mallory/ps1_memory/ps1_memory.html"):
    t = open(where).read()
    print(where, "size", len(t), "jpeg kept:", t.count("/9j/"), "not-shown notes:", t.count("not shown: at most"), "cut:", t.count("the grader cut"))
