"""a01: cell ORDER only (no tag, no metadata change): mallory keeps her quiz_q5 answer in a plain code cell of her own
before the test, and moves the (graded-answer) nbgrader cell quiz_q5 -- which in Formgrader carries one tabbable
comment box -- after the written answer written_ddp_fit (W1). On her page every tabbable before W1 is one fewer, so
the index Formgrader's ctrl-. ("same input of the next submission") carries lands one box later: W1's extra credit.
TA grades W1 of every student by keyboard (type 3, ctrl-.), starting at the first submission on W1's score box."""
import sqlite3, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from browser_fg import open_formgrader, submission_id

TEXT = "DDP keeps a full replica of weights, gradients and Adam state on every GPU."
def with_written(nb, text=TEXT):
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id", "").startswith("written_") and c.metadata["nbgrader"].get("solution"):
            c.source = text
    return nb

d = course("a01")
handin(d, "aaron", with_written(honest()))
m = with_written(honest())
i = next(k for k, c in enumerate(m.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q5")
ans = m.cells[i]
plain = nbformat.v4.new_code_cell(ans.source)  # her answer, in a cell of her own, where it was
cell = m.cells.pop(i)
m.cells.insert(i, plain)
w1 = next(k for k, c in enumerate(m.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit")
m.cells.insert(w1 + 1, cell)  # the nbgrader answer cell, moved after W1 (same source)
handin(d, "mallory", m)
for s in ("bob", "carol", "dave", "zoe"):
    handin(d, s, with_written(honest()))
grade(d); scores(d)

ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("select sn.id, sa.student_id from submitted_notebook sn join submitted_assignment sa on sn.assignment_id=sa.id").fetchall())
order = [ids[k] for k in sorted(ids)]
print("Formgrader order:", order)

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

first = min(ids)
# W1's score box index on an honest page
def idx(page, url):
    return page.evaluate("() => Array.from(document.querySelectorAll('.tabbable')).map(e => e.id)")
honest_id = next(k for k in sorted(ids) if ids[k] != "mallory")
tab = open_formgrader(d, ids[honest_id], idx)
print("honest tabbables:", len(tab), tab)
w1i = tab.index("written_ddp_fit")
tabm = open_formgrader(d, "mallory", idx)
print("mallory tabbables:", len(tabm), tabm)
print("W1 index (honest):", w1i, " mallory's box at that index:", tabm[w1i])
print(open_formgrader(d, ids[first], ta, shot="tests/attacks/round36/user/a01-last-page.png", index=w1i))
db = sqlite3.connect(f"{d}/gradebook.db")
rows = db.execute("""select sa.student_id, bc.name, g.manual_score, g.extra_credit from grade g
  join grade_cells gc on g.cell_id=gc.id join base_cell bc on bc.id=gc.id join submitted_notebook sn on g.notebook_id=sn.id
  join submitted_assignment sa on sn.assignment_id=sa.id
  where g.manual_score is not null or g.extra_credit is not null order by sa.student_id""").fetchall()
for r in rows: print("TA-SET", r)
scores(d)
