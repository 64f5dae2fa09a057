"""a02 live: JupyterLab with nbgrader's Formgrader (the clone's tests/browser helpers, as `make lab`), chromium
(Playwright). The TA grades the written answer written_ddp_fit (3 points) the way nbgrader documents: focus its score
box in the first submission, type the score, Ctrl-. to the same input of the next submission, type, Ctrl-. ...
The TA types "1" for every student (a weak answer: 1 of 3). MathJax's CDN is not reachable here: the page's
request for it is answered by a stub that only signals 'End' (as the real MathJax does once it has typeset)."""
import re, sqlite3, sys, tempfile, time
from common import *
from tests import browser
COURSE = "/tmp/attack35-root-a02"
STUB = ("window.MathJax={Hub:{Config:function(){},Queue:function(){},Startup:{signal:{Interest:function(f){"
        "setTimeout(function(){f('End')},300)}}}}};")
def grades(student, gid="written_ddp_fit"):
    db = sqlite3.connect(f"{COURSE}/gradebook.db")
    return db.execute("""select g.auto_score, g.manual_score, g.extra_credit from grade g join base_cell bc on bc.id=g.cell_id
        join submitted_notebook n on g.notebook_id=n.id join submitted_assignment s on n.assignment_id=s.id
        where s.student_id=? and bc.name=?""", (student, gid)).fetchone()
def notebook_id(student):
    db = sqlite3.connect(f"{COURSE}/gradebook.db")
    return db.execute("""select n.id from submitted_notebook n join submitted_assignment s on n.assignment_id=s.id
        where s.student_id=?""", (student,)).fetchone()[0]
work = tempfile.mkdtemp(prefix="attack35-root-a03-")
for st in ("aaron", "mallory", "zoe"):
    print(st, "before (auto, manual, extra) for written_ddp_fit:", grades(st))
with browser.jupyter_lab(COURSE, work) as (url, token), browser.chromium(work) as page:
    page.route("https://cdnjs.cloudflare.com/**", lambda route: route.fulfill(status=200, content_type="application/javascript", body=STUB))
    page.goto(f"{url}/lab?token={token}"); page.wait_for_timeout(4000)
    errors = []; page.on("console", lambda m: errors.append(m.type + ": " + m.text)); page.on("pageerror", lambda e: errors.append("pageerror: " + str(e)))
    order = {}
    for st in ("aaron", "mallory", "zoe"):   # Formgrader's own order of the submissions ("Submission N / 3")
        page.goto(f"{url}/formgrader/submissions/{notebook_id(st)}/"); page.wait_for_selector("input#written_ddp_fit")
        order[int(re.search(r"Submission (\d+) /", page.inner_text(".panel-title")).group(1))] = st
    order = [order[i] for i in sorted(order)]
    print("Formgrader's order:", order)
    page.goto(f"{url}/formgrader/submissions/{notebook_id(order[0])}/"); page.wait_for_timeout(2500)
    page.click("input#written_ddp_fit")   # the TA clicks W1's score box in the first submission
    for _ in order:
        page.wait_for_selector("input#written_ddp_fit"); page.wait_for_timeout(2500)
        st = page.inner_text("a.name-shown").strip() or "?"
        focused = page.evaluate("() => document.activeElement && (document.activeElement.id || document.activeElement.tagName)")
        print(f"{st}'s page: the TA's cursor is in #{focused}; the TA types 1 and presses Ctrl-.")
        page.keyboard.type("1")
        page.keyboard.press("Control+Period")
        page.wait_for_timeout(2500)
    print("console:", errors[-8:])
for st in ("aaron", "mallory", "zoe"):
    print(st, "after (auto, manual, extra) for written_ddp_fit:", grades(st))
shutil.rmtree(work, ignore_errors=True)
