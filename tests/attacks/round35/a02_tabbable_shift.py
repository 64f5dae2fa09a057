"""Formgrader's keyboard workflow (nbgrader docs: Ctrl-. 'move to the same score or comment input of the next
submission') finds the input by its INDEX among the page's `.tabbable` elements. A hand-in can remove some of them
from its own page: cell metadata `transient.remove_source` (kept by autograde: only nbgrader's own metadata is
checked) drops that cell's input block, and with it the cell's nbgrader panel (comment box, score boxes). Here mallory
removes ONE (the comment box of her quiz_q1 answer cell), so in her page the index of every later input is one less:
the TA's cursor, carried over from aaron's written_ddp_fit score box, lands in mallory's written_ddp_fit
EXTRA-CREDIT box. This script grades the class and shows the static shift; a03 drives a live Formgrader."""
import re
from common import *
from html.parser import HTMLParser
d = course("a02")
hand_in(d, "aaron", honest())
nb = honest()
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1":
        c.metadata["transient"] = {"remove_source": True}
hand_in(d, "mallory", nb)
hand_in(d, "zoe", honest())
r = grade(d)
print("\n".join(l for l in r.stdout.splitlines() if "ps1_memory " in l and "/" in l))
class P(HTMLParser):
    def __init__(s): super().__init__(); s.t = []
    def handle_starttag(s, tag, attrs):
        a = dict(attrs)
        if "tabbable" in (a.get("class") or "").split(): s.t.append(a.get("id") or tag)
idx = {}
for st in ("aaron", "mallory", "zoe"):
    p = P(); p.feed(formgrade_html(d, st)); idx[st] = p.t
    print(st, "tabbables:", len(p.t), "| written_ddp_fit score at index", p.t.index("written_ddp_fit"))
k = idx["aaron"].index("written_ddp_fit")
print(f"TA on aaron's written_ddp_fit (index {k}), Ctrl-. -> mallory's index {k} is:", idx["mallory"][k], "| zoe's:", idx["zoe"][k])
print("canaries:", grep_canaries(d))
