"""a03b: a03's graded course again (no regrading), the TA's manual scores cleared, the TA's keyboard flow started on
W1's score box (?index=35, as on every honest page) of the first submission in Formgrader's order."""
import sqlite3, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from browser_fg import open_formgrader
d = "/tmp/attack36-user-a03"
db = sqlite3.connect(f"{d}/gradebook.db"); db.execute("update grade set manual_score=NULL, extra_credit=NULL"); db.commit(); db.close()
ids = dict(sqlite3.connect(f"{d}/gradebook.db").execute("select sn.id, sa.student_id from submitted_notebook sn join submitted_assignment sa on sn.assignment_id=sa.id").fetchall())
print("Formgrader order:", [ids[k] for k in sorted(ids)])
def ta(page, url):
    seen = []
    for student in range(len(ids)):
        page.wait_for_function("window.formgrader && formgrader.grades && formgrader.grades.loaded && formgrader.keyboard_manager", timeout=30000)
        time.sleep(1.0)
        focused = page.evaluate("() => document.activeElement && (document.activeElement.id || document.activeElement.tagName)")
        seen.append((ids.get(page.url.split('/submissions/')[1].split('/')[0]), page.url.split('?')[-1], focused))
        page.keyboard.type("3")
        time.sleep(0.5)
        page.keyboard.press("Control+.")
        page.wait_for_load_state("load")
        time.sleep(1.5)
    return seen
print(open_formgrader(d, ids[min(ids)], ta, shot="tests/attacks/round36/user/a03b-last-page.png", index=int(sys.argv[1]) if len(sys.argv) > 1 else 35))
db = sqlite3.connect(f"{d}/gradebook.db")
for r in db.execute("""select sa.student_id, bc.name, g.auto_score, g.manual_score, g.extra_credit from grade g
  join grade_cells gc on g.cell_id=gc.id join base_cell bc on bc.id=gc.id join submitted_notebook sn on g.notebook_id=sn.id
  join submitted_assignment sa on sn.assignment_id=sa.id
  where g.manual_score is not null or g.extra_credit is not null order by sa.student_id""").fetchall():
    print("TA-SET", r)
scores(d)
