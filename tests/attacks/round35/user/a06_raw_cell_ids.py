"""a06: round 34's Formgrader binding again, through a RAW cell. InertForTheBrowser only drops a raw cell's
`raw_mimetype`; nbconvert's HTMLExporter renders raw cells whose mimetype is '' (in its default raw_mimetypes
["text/html", ""]) as `cell.source | clean_html`, and nbconvert's clean_html allows `id` and `class` on every tag.
mallory hands in the release notebook with NO work and one raw cell at the top: a div of class nbgrader_cell holding
a "Full credit" span (class full-credit) and an empty span for every grade id. Formgrader binds each grade's UI to
$("#" + grade_id).parents(".nbgrader_cell"): the raw cell's div. The TA opens mallory's page (real Formgrader,
chromium) and clicks the first "Full credit" in it. Controls aaron, zoe (honest)."""
import sqlite3, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from browser_fg import open_formgrader
from nbformat.v4 import new_raw_cell

src = nbformat.read(f"{CLONE}/source/{A}/{A}.ipynb", 4)
ids = [c.metadata["nbgrader"]["grade_id"] for c in src.cells if c.metadata.get("nbgrader", {}).get("grade")]
html = ('<div class="nbgrader_cell panel panel-primary"><div class="panel-heading">Student\'s answer '
        '<span class="btn btn-success full-credit">Full credit</span></div>'
        + "".join(f'<span id="{g}"></span>' for g in ids) + "</div>")
m = release()
m.cells.insert(0, new_raw_cell(html))
d = course("a06")
handin(d, "aaron", honest())
handin(d, "mallory", m)
handin(d, "zoe", honest())
grade(d); before = scores(d)
ag = json.load(open(f"{d}/autograded/mallory/{A}/{A}.ipynb"))
print("raw cell kept:", ag["cells"][0]["cell_type"], ag["cells"][0]["metadata"], ag["cells"][0]["source"][:120])

def ta(page, url):
    bound = page.evaluate("() => formgrader.grade_uis.map(u => [u.model.get('name'), u.$el.attr('class')])")
    page.get_by_text("Full credit").first.click()
    time.sleep(3)
    return bound

print(open_formgrader(d, "mallory", ta, shot="tests/attacks/round35/user/a06-formgrader.png"))
after = scores(d)
print("mallory before/after the TA's one click:", before.get("mallory"), "->", after.get("mallory"), "of 30")
