"""a06b: on a06's course (mallory's raw cell still in place), with the TA's manual scores cleared: the TA clicks the
REAL "Full credit" button of written answer W1 (its own panel). Its grade UI is bound to the raw cell's div, so the
real button does nothing; the fake one in the raw cell takes the click for every grade (a06)."""
import sqlite3, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
from browser_fg import open_formgrader
d = "/tmp/attack35-user-a06"
db = sqlite3.connect(f"{d}/gradebook.db"); db.execute("update grade set manual_score=NULL, extra_credit=NULL"); db.commit(); db.close()
scores(d)
def ta(page, url):
    real = page.locator("div.nbgrader_cell:has(#written_ddp_fit-comment)")  # W1's own panel (its comment box id is W1's)
    n = real.count()
    real.get_by_role("button", name="Full credit").click()
    time.sleep(3)
    return {"real W1 panels": n}
print(open_formgrader(d, "mallory", ta))
scores(d)
