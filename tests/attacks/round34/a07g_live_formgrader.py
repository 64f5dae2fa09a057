"""a07g: a07f end to end in a LIVE Formgrader: JupyterLab (the repository's own test helper tests/browser.jupyter_lab,
as `make lab` runs it) serving a07f's course folder, with its gradebook; chromium (Playwright) opens Formgrader's page
of mallory's submission and clicks "Full credit" once, in the panel of her first written answer, as a TA grading it
would; then the gradebook is read: each grade's manual score, and the notebook's total (manual if set, else auto)."""
import os, sys, time, sqlite3, tempfile
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from tests import browser
COURSE = "/tmp/attack34-root-a07f"
def gradebook(student):
    db = sqlite3.connect(f"{COURSE}/gradebook.db")
    rows = db.execute("""select bc.name, g.auto_score, g.manual_score from grade g join base_cell bc on bc.id=g.cell_id
        join submitted_notebook n on g.notebook_id=n.id join submitted_assignment s on n.assignment_id=s.id where s.student_id=?""", (student,)).fetchall()
    total = sum((m if m is not None else (a or 0)) for _, a, m in rows)
    return total, {n: (a, m) for n, a, m in rows}
def notebook_id(student):
    db = sqlite3.connect(f"{COURSE}/gradebook.db")
    return db.execute("""select n.id from submitted_notebook n join submitted_assignment s on n.assignment_id=s.id where s.student_id=?""", (student,)).fetchone()[0]
work = tempfile.mkdtemp(prefix="attack34-root-a07g-")
for student in ("mallory", "aaron"):
    print(student, "before:", gradebook(student)[0])
with browser.jupyter_lab(COURSE, work) as (url, token), browser.chromium(work) as page:
    page.goto(f"{url}/lab?token={token}"); page.wait_for_timeout(5000)   # the login cookie, as the TA's browser holds it
    errors = []; page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    for student in ("mallory", "aaron"):
        page.goto(f"{url}/formgrader/submissions/{notebook_id(student)}/?index=0")
        panel = page.locator(".nbgrader_cell", has=page.locator("input.score#written_ddp_fit"))
        panel.wait_for()
        deadline = time.monotonic() + 30
        clicks = 0
        while gradebook(student)[1]["written_ddp_fit"][1] is None and time.monotonic() < deadline:  # until the page's scripts have loaded
            panel.get_by_role("button", name="Full credit").first.click(); clicks += 1
            page.wait_for_timeout(1000)
        page.wait_for_timeout(2000)
        print(student, "clicks until W1 was saved:", clicks, "console errors:", errors[-3:])
        total, cells = gradebook(student)
        print(student, "after ONE click on W1's Full credit: total", total, "| manual scores:", {k: v[1] for k, v in cells.items() if v[1] is not None})
