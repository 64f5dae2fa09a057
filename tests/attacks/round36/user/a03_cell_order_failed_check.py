"""a03: cell ORDER to steer the TA's typed W1 score into the manual score box of a test mallory FAILED.
mallory leaves two_stage_step unsolved (release stub; its test two_stage_step_matches_whole_model, 4 points, fails).
She only reorders cells: W2 (written_pipeline_vs_sharding, 3 boxes) moved up, then the failed test T (2 boxes: score,
extra credit), then T's answer cell S (1 box: comment), then W1 -- so that T's score box sits where every other page has
W1's. The TA grades W1 of every student by keyboard (type 3, ctrl-.). Controls: aaron, bob, carol, zoe (honest)."""
import sqlite3, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from browser_fg import open_formgrader

TEXT = "DDP keeps a full replica of weights, gradients and Adam state on every GPU."
def with_written(nb, text=TEXT):
    for c in nb.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id", "").startswith("written_") and c.metadata["nbgrader"].get("solution"):
            c.source = text
    return nb
gid = lambda c: c.metadata.get("nbgrader", {}).get("grade_id")

d = course("a03")
handin(d, "aaron", with_written(honest()))
m = with_written(honest())
rel = release()
for c in m.cells:
    if gid(c) == "two_stage_step":
        c.source = next(r.source for r in rel.cells if gid(r) == "two_stage_step")  # unsolved
take = lambda name: m.cells.pop(next(k for k, c in enumerate(m.cells) if gid(c) == name))
S, T = take("two_stage_step"), take("two_stage_step_matches_whole_model")
W2 = take("written_pipeline_vs_sharding")
w1 = next(k for k, c in enumerate(m.cells) if gid(c) == "written_ddp_fit")
m.cells[w1:w1] = [W2, T, S]
print("mallory's order:", [gid(c) for c in m.cells if gid(c)])
handin(d, "mallory", m)
for s in ("bob", "carol", "zoe"):
    handin(d, s, with_written(honest()))
grade(d); scores(d)

ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("select sn.id, sa.student_id from submitted_notebook sn join submitted_assignment sa on sn.assignment_id=sa.id").fetchall())
print("Formgrader order:", [ids[k] for k in sorted(ids)])
def idx(page, url):
    return page.evaluate("() => Array.from(document.querySelectorAll('.tabbable')).map(e => e.id)")
tab = open_formgrader(d, ids[next(k for k in sorted(ids) if ids[k] != "mallory")], idx)
tabm = open_formgrader(d, "mallory", idx)
w1i = tab.index("written_ddp_fit")
print("W1 index (honest):", w1i, " mallory's box at that index:", tabm[w1i])

def ta(page, url):
    seen = []
    for student in range(len(ids)):
        page.wait_for_function("window.formgrader && formgrader.grades && formgrader.grades.loaded && formgrader.keyboard_manager", timeout=30000)
        time.sleep(1.0)
        focused = page.evaluate("() => document.activeElement && (document.activeElement.id || document.activeElement.tagName)")
        seen.append((ids.get(page.url.split('/submissions/')[1].split('/')[0]), page.url.split('?')[-1], focused))
        page.keyboard.type("3")
        page.keyboard.press("Control+.")
        page.wait_for_load_state("load")
        time.sleep(1.5)
    return seen
print(open_formgrader(d, ids[min(ids)], ta, shot="tests/attacks/round36/user/a03-last-page.png", index=w1i - 1))
db = sqlite3.connect(f"{d}/gradebook.db")
for r in db.execute("""select sa.student_id, bc.name, g.auto_score, g.manual_score, g.extra_credit from grade g
  join grade_cells gc on g.cell_id=gc.id join base_cell bc on bc.id=gc.id join submitted_notebook sn on g.notebook_id=sn.id
  join submitted_assignment sa on sn.assignment_id=sa.id
  where g.manual_score is not null or g.extra_credit is not null order by sa.student_id""").fetchall():
    print("TA-SET", r)
scores(d)
