"""a07: a02's hexagrams through a third string the summary quotes unshortened: the hand-in's only notebook renamed
(255 bytes at most; a hexagram is 3 bytes of UTF-8) to `<hexagrams>  ps1_memory-zoe: failed: the kernel
died.ipynb`; the stray-notebook refusal quotes the name whole. (The grade-id route, shortened to 60 characters,
could not be made to work: a07_design.py found no layout.)"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from render import draw
from grader.grade import for_terminal, printable
A = "ps1_memory"
H = "\u4dc0"
FAKE = "  ps1_memory\u2215zoe: failed: the kernel died"
def line(name):
    return f"  {A}/mallory: refused: {printable(name)!r} is not a notebook of {A} (its notebook: {A}.ipynb): rename it, and grade again"
found = None
for s in range(0, 30):
    for h in range(1, 45):
        name = " " * s + H * h + FAKE + ".ipynb"
        if len(name.encode()) > 255: continue
        if any(r.startswith(FAKE[:20]) for r in draw(for_terminal(line(name)))):
            found = name; break
    if found: break
print("name:", repr(found), len(found.encode()), "bytes")
d = make_course("a07", A, {"mallory": {}})
os.rename(f"{d}/submitted/mallory/{A}/{A}.ipynb", f"{d}/submitted/mallory/{A}/{found}")
r, el = grade(d, A)
scores(d, A)
open("tests/attacks/round33/user/a07.stdout.txt", "w").write(r.stdout)
for i, row in enumerate(draw(r.stdout)):
    if H in row or row.startswith(FAKE[:20]):
        print(f"  row {i}: {row!r}  <-- begins with mallory's text: {row.startswith(FAKE[:20])}")
canary_scan(d)
