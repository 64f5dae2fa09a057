"""a01: a PNG whose base64 holds percent-escaped whitespace (%0A). grader/feedback.py's image_size decodes
text[:64] with b64decode(validate=False), which drops '%' and keeps '0A' as two base64 characters; a browser
percent-decodes a data: URL first (%0A -> newline) and strips it. The header check reads 20013 x 4, the browser
decodes 20000 x 20000. Eight such images (sum under the 64 Mpx notebook cap as the check counts) in an answer
cell's output reach the feedback page and the graded notebook Formgrader shows."""
import base64, json, os, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from pngbomb import png, find

B = base64.b64encode(png(20000, 20000)).decode()
T, size = find(B)
print("check sees", size, "escaped length", len(T))
N = 8
d = course("a01")
nb_a = nb_for("ps1_memory")
nb_m = nb_for("ps1_memory")
for c in nb_m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.source += "\nfrom IPython.display import display\nT = %r\nfor _ in range(%d):\n    display({'image/png': T, 'text/plain': 'x'}, raw=True)\n" % (T, N)
for s, nb in [("aaron", nb_a), ("mallory", nb_m), ("zoe", nb_a)]:
    hand_in(d, s, "ps1_memory", nb)
grade(d, "ps1_memory")
scores(d, "ps1_memory")
for where in ["autograded/mallory/ps1_memory/ps1_memory.ipynb", "feedback/mallory/ps1_memory/ps1_memory.html"]:
    p = os.path.join(d, where)
    txt = open(p).read() if os.path.exists(p) else ""
    print(where, "exists", os.path.exists(p), "size", len(txt), "escaped images kept:", txt.count(T[:60]), "plain B kept:", txt.count(B[:60]))
