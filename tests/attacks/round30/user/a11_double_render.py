"""a11: the graded notebook's markdown cells are replaced by sanitised HTML (InertForTheBrowser); Formgrader then
renders that HTML through markdown2html again. Markdown that bleach leaves as text (code spans, reference links,
autolinks, entity tricks) could become live links/handlers on that second pass. Render the autograded cell with
nbconvert's markdown2html WITHOUT any sanitiser (the worst case: a Formgrader that does not load the course's
sanitize_html) and look for javascript: hrefs or on* attributes."""
import sys, re; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
MD = """Answer.

`[c1](javascript:alert(1))`

[r1][ref]

[ref]: javascript:alert(2)

<javascript:alert(3)>

[e1](&#106;avascript:alert(4))

[s1]( javascript:alert(5) )

![i1](x "y\\" onerror=\\"alert(6)")

    [indented](javascript:alert(7))

\\<img src=x onerror=alert(8)\\>

&lt;img src=x onerror=alert(9)&gt;
"""
d = make_course("a11", A, {"mallory": {"written_ddp_fit": MD}})
grade(d, A)
scores(d, A)
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", 4)
cell = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit"][0]
print("STORED SOURCE:", cell.source[:1500])
from nbconvert.filters.markdown import markdown2html
html = markdown2html(cell.source)
print("SECOND PASS:", html[:2500])
live = re.findall(r'href\s*=\s*["\']?\s*javascript:|\son\w+\s*=|<img[^>]*onerror|<script', html, re.I)
print("LIVE after second pass:", live)
