"""a03: one cell tag ("x tabbable hidden") on a hand-in's code cell adds an invisible element to Formgrader's
keyboard order (`$(".tabbable")`). Formgrader's documented shortcut ctrl-. ("Move to the same score or comment
input of the next submission") carries the input's *index* in that order to the next student's page. The TA grades
written answer W1 of every student by keyboard: type the score, ctrl-. . Simulated in the real Formgrader (jupyter
server + nbgrader's extension, chromium; MathJax's CDN answered by a stub). aaron, bob, carol, dave, mallory, zoe all honest
code; mallory adds one tag. The TA starts at the first submission in Formgrader's order on W1's score box. Expected without the attack: written_ddp_fit = 3 for all three."""
import sqlite3, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from browser_fg import open_formgrader, submission_id

def with_written(nb, text):
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id", "").startswith("written_") and c.metadata["nbgrader"].get("solution"):
            c.source = text
    return nb

d = course("a03")
handin(d, "aaron", with_written(honest(), "DDP keeps a full replica of weights, gradients and Adam state on every GPU."))
m = with_written(honest(), "DDP keeps a full replica of weights, gradients and Adam state on every GPU.")
for c in m.cells:
    if c.cell_type == "code" and not c.metadata.get("nbgrader"):  # the first "Try it" cell: not graded, not locked
        c.metadata["tags"] = ["x tabbable hidden"]
        break
handin(d, "mallory", m)
for extra in ("bob", "carol", "dave", "zoe"):
    handin(d, extra, with_written(honest(), "DDP keeps a full replica of weights, gradients and Adam state on every GPU."))
if 0: handin(d, "zoe", with_written(honest(), "DDP keeps a full replica of weights, gradients and Adam state on every GPU."))
grade(d); scores(d)

def ta(page, url):
    seen = []
    for student in range(6):
        page.wait_for_function("window.formgrader && formgrader.grades && formgrader.grades.loaded && formgrader.keyboard_manager", timeout=30000)
        time.sleep(1.0)
        focused = page.evaluate("() => document.activeElement && (document.activeElement.id || document.activeElement.tagName)")
        seen.append((ids.get(page.url.split('/submissions/')[1].split('/')[0]), page.url.split('?')[-1], focused))
        page.keyboard.type("3")
        page.keyboard.press("Control+.")
        page.wait_for_load_state("load")
        time.sleep(1.5)
    return seen

ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("select sn.id, sa.student_id from submitted_notebook sn join submitted_assignment sa on sn.assignment_id=sa.id").fetchall())
first = min(ids)  # Formgrader's order: submissions by id
print("Formgrader order:", [ids[k] for k in sorted(ids)])
print(open_formgrader(d, ids[first], ta, shot="tests/attacks/round35/user/a03-last-page.png", index=35))
db = sqlite3.connect(f"{d}/gradebook.db")
rows = db.execute("""select sa.student_id, bc.name, g.manual_score, g.extra_credit from grade g
  join grade_cells gc on g.cell_id=gc.id join base_cell bc on bc.id=gc.id join submitted_notebook sn on g.notebook_id=sn.id
  join submitted_assignment sa on sn.assignment_id=sa.id
  where g.manual_score is not null or g.extra_credit is not null order by sa.student_id""").fetchall()
for r in rows: print("TA-SET", r)
