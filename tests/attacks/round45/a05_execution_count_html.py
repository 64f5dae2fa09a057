"""a05: nbclient copies `execution_count` from ANY message of the cell's execution that carries one
(`if "execution_count" in content: cell["execution_count"] = content["execution_count"]`), unchecked; nbconvert's
templates (lab/classic base.html.j2, which Formgrader's and the feedback page's extend) print it unescaped in the
prompt: `In&nbsp;[{{ cell.execution_count|replace(None, "&nbsp;") }}]:`. Mallory's kernel sends an iopub
execute_input for her running cell whose execution_count is a string of HTML. Where does it land: the graded
notebook in autograded/ (what Formgrader renders), the feedback page?"""
import sys, json, glob, re
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from tools.submissions import solution_text

MARK = "<b id=quiz_q1_correct class=MARK45>X</b><img src=x onerror=console.log(45)>"
PAYLOAD = r'''
_k = get_ipython().kernel
_k.session.send(_k.iopub_socket, "execute_input", {"code": "", "execution_count": MARKREPR}, parent=_k.get_parent())
'''.replace("MARKREPR", repr(MARK))
sol = {c.metadata.nbgrader.grade_id: solution_text(c) for c in nbformat.read(f"{CLONE}/source/ps1_memory/ps1_memory.ipynb", 4).cells
       if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
d, r, sc = run_class("a05", "ps1_memory", {"mallory": {"quiz_q1": PAYLOAD + "\n" + sol["quiz_q1"]}})
for where in glob.glob(f"{d}/autograded/mallory/**/*.ipynb", recursive=True) + glob.glob(f"{d}/feedback/mallory/**/*.html", recursive=True):
    text = open(where).read()
    print(where, "raw marker present:", MARK in text, "| escaped-json form present:", json.dumps(MARK)[1:-1] in text,
          "| 'MARK45' anywhere:", text.count("MARK45"))
    for m in re.finditer("MARK45", text):
        print("   ...", text[max(0, m.start() - 150): m.start() + 120].replace("\n", " "))
nb = nbformat.read(f"{d}/autograded/mallory/ps1_memory/ps1_memory.ipynb", 4)
print("execution_counts in graded notebook:", [c.get("execution_count") for c in nb.cells if c.cell_type == "code"][:40])
