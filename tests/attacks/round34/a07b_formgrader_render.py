"""a07b: render a07's graded notebook as Formgrader does (nbconvert HTMLExporter, nbgrader's `formgrade` template), with
and without nbconvert's sanitize_html, then run Formgrader's own lookup (formgrade.js loadGrades/loadComments:
`$("#" + name).parents(".nbgrader_cell")`, then GradeUI's `.find(".score")`) with Formgrader's jQuery in headless
chromium, for each grade id of the notebook: which cell's score box each grade editor binds to."""
import os, sys, subprocess, json, re
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from nbconvert.exporters import HTMLExporter
from traitlets.config import Config
import nbgrader.server_extensions.formgrader.handlers as handlers
FG = os.path.dirname(handlers.__file__)
JQ = os.path.join(FG, "static/node_modules/jquery/dist/jquery.min.js")
nbpath = sys.argv[1] if len(sys.argv) > 1 else "/tmp/attack34-root-a07/autograded/mallory/ps1_memory/ps1_memory.ipynb"
for sanitize in (False, True):
    c = Config()
    c.HTMLExporter.template_name = "formgrade"
    c.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    c.HTMLExporter.sanitize_html = sanitize
    res = {"assignment_id": "ps1_memory", "notebook_id": "ps1_memory", "submission_id": "x", "index": 0, "total": 1,
           "base_url": "", "student": "mallory", "last_name": None, "first_name": None, "notebook_path": "p"}
    html, _ = HTMLExporter(config=c).from_filename(nbpath, resources=res)
    # the page's own script tags point at the server; inline Formgrader's jQuery and a probe that mirrors loadGrades
    html = re.sub(r'<script src="[^"]*"></script>', "", html)
    html = re.sub(r'<script type="text/javascript" src="[^"]*"></script>', "", html)
    ids = ["written_ddp_fit", "written_pipeline_vs_sharding"]
    probe = ("<script>" + open(JQ).read() + "</script><script>window.addEventListener('load', function(){var out=[];" +
             "%s.forEach(function(name){var el=$('#'+name).parents('.nbgrader_cell');" % json.dumps(ids) +
             "var sc=el.find('.score').map(function(){return this.id}).get();" +
             "var cm=$('#'+name+'-comment').parents('.nbgrader_cell').find('.comment').map(function(){return this.id}).get();" +
             "out.push(name+' -> score boxes '+JSON.stringify(sc)+' ; comment boxes '+JSON.stringify(cm));});" +
             "document.body.setAttribute('data-probe', out.join(' | '));});</script>")
    html = html.replace("</body>", probe + "</body>")
    f = f"/tmp/attack34-root-a07b-{int(sanitize)}.html"
    open(f, "w").write(html)
    dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom", "file://" + f],
                         capture_output=True, text=True, timeout=120).stdout
    m = re.search(r'data-probe="([^"]*)"', dom)
    nids = html.count('id="written_pipeline_vs_sharding"')
    print(f"sanitize_html={sanitize}: {nids} elements with id=written_pipeline_vs_sharding in page;", "BINDING:", m.group(1).replace("&quot;", '"') if m else dom[-500:])
