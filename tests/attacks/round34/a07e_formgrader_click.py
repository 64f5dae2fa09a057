"""Helper of a07d: the formgrade page of one graded notebook, Formgrader's GradeUI bound to the given grade models as
formgrade.js loadGrades binds them; the TA clicks "Full credit" in W1's panel; prints every model's saved score and
the notebook total nbgrader would compute (manual score if set, else auto score)."""
import os, sys, subprocess, json, re
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from nbconvert.exporters import HTMLExporter
from traitlets.config import Config
import nbgrader.server_extensions.formgrader.handlers as handlers
FG = os.path.join(os.path.dirname(handlers.__file__), "static")
libs = ["node_modules/jquery/dist/jquery.min.js", "node_modules/underscore/underscore-min.js", "node_modules/backbone/backbone-min.js", "js/formgrade_models.js"]
nbpath, models = sys.argv[1], json.loads(sys.argv[2])
c = Config()
c.HTMLExporter.template_name = "formgrade"
c.HTMLExporter.extra_template_basedirs = [handlers.template_path]
c.HTMLExporter.sanitize_html = True
res = {"assignment_id": "ps1_memory", "notebook_id": "ps1_memory", "submission_id": "x", "index": 0, "total": 1,
       "base_url": "", "student": "s", "last_name": None, "first_name": None, "notebook_path": "p"}
html, _ = HTMLExporter(config=c).from_filename(nbpath, resources=res)
html = re.sub(r'<script[^>]*src="[^"]*"></script>', "", html)
js = "".join("<script>" + open(os.path.join(FG, l)).read() + "</script>" for l in libs)
js += "<script>var MODELS = " + json.dumps(models) + ";</script>"
js += r"""<script>window.addEventListener('load', function(){
var ms = [];
MODELS.forEach(function(attrs){
  var m = new Backbone.Model(attrs);
  m.save = function(a){ this.set(a); };
  ms.push(m);
  new GradeUI({model: m, el: $("#" + attrs.name).parents(".nbgrader_cell")});   // formgrade.js loadGrades
});
$(document.querySelectorAll("input.score#written_ddp_fit")[0]).closest(".nbgrader_cell").find(".full-credit").first().trigger("click");
var total = 0, parts = [];
ms.forEach(function(m){ var s = m.get("manual_score") !== null && m.get("manual_score") !== undefined ? Number(m.get("manual_score")) : Number(m.get("auto_score") || 0);
  total += s; parts.push(m.get("name") + "=" + s); });
document.body.setAttribute("data-probe", "total " + total + " : " + parts.join(", "));
});</script>"""
html = html.replace("</body>", js + "</body>")
f = "/tmp/attack34-root-a07e-%d.html" % os.getpid()
open(f, "w").write(html)
dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom", "file://" + f],
                     capture_output=True, text=True, timeout=120).stdout
os.unlink(f)
m = re.search(r'data-probe="([^"]*)"', dom)
print(m.group(1) if m else dom[-800:])
