"""a09: a03's class through a third student-chosen string: a hand-in with no notebook of the assignment but one
`<name>.ipynb` is refused quoting the name (printable, repr, unshortened), printed unfolded in the summary. A name of
up to 255 bytes padded so that a fake row begins the TA's second terminal row."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__))); sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from harness import *
A = "ps1_memory"
d = make_course("a09", A, {"mallory": {}})
src = f"{d}/submitted/mallory/{A}/{A}.ipynb"
fake = "  ps1_memory\u2215zoe: failed: the kernel died"  # U+2215 DIVISION SLASH: a file name holds no "/"
prefix = f"  {A}/mallory: refused: '"
name = " " * ((-len(prefix)) % 80) + fake + " " * ((-len(fake)) % 80) + "x.ipynb"
os.rename(src, f"{d}/submitted/mallory/{A}/{name}")
r, el = grade(d, A)
scores(d, A)
print("=== the summary as an 80-column terminal draws it ===")
out = r.stdout[r.stdout.find("submissions that could not"):]
for line in out.splitlines()[:3]:
    while len(line) > 80:
        print("|" + line[:80]); line = line[80:]
    print("|" + line)
