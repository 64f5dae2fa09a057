"""a08: a03's class through another student-chosen string: an unknown nbgrader grade id in the hand-in's metadata is
quoted (60 characters at most) in the refusal reason, and main() prints it unfolded. The id is padded so that its
text begins the TA's second terminal row."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__))); sys.path.insert(0, (__import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))))
from harness import *
A = "ps1_memory"
d = make_course("a08", A, {"mallory": {}})
nbp = f"{d}/submitted/mallory/{A}/{A}.ipynb"
fake = "  ps1_memory/zoe: failed: the kernel died"
def build(pad):
    nb = nbformat.read(nbp, 4)
    cell = nbformat.v4.new_markdown_cell("notes")
    cell.metadata["nbgrader"] = {"grade_id": " " * pad + fake, "grade": False, "solution": False, "locked": False,
                                 "schema_version": 3}
    nb.cells.insert(0, cell)
    nbformat.write(nb, nbp + ".tmp"); return nb
from grader.grade import refusal, printable
orig = open(nbp).read()
build(0); os.replace(nbp + ".tmp", nbp)
why = refusal("mallory", A, d); print("reason at pad 0:", why)
line = f"  {A}/mallory: refused: {printable(why)}"
pad = (-line.rfind(fake)) % 80  # where the fake begins in the pad-0 line, to the next 80-column boundary
open(nbp, "w").write(orig); build(pad); os.replace(nbp + ".tmp", nbp)
subprocess.run(["chown", "-R", "65534:65534", d], check=True)
r, el = grade(d, A)
scores(d, A)
print("=== the summary as an 80-column terminal draws it ===")
out = r.stdout[r.stdout.find("submissions that could not"):]
for line in out.splitlines()[:3]:
    while len(line) > 80:
        print("|" + line[:80]); line = line[80:]
    print("|" + line)
