"""a07c: Formgrader's own grade editors (formgrade_models.js GradeUI, with its jQuery, underscore and Backbone) bound as
formgrade.js loadGrades binds them, on a07's page rendered with the formgrade template; the server is replaced by
models whose save() records what would be PUT to /formgrader/api/grade. The TA types 2 in W1's box, then 0 in W2's
box (the student left W2 blank)."""
import os, sys, subprocess, json, re
sys.path.insert(0, (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", ".."))))
from nbconvert.exporters import HTMLExporter
from traitlets.config import Config
import nbgrader.server_extensions.formgrader.handlers as handlers
FG = os.path.join(os.path.dirname(handlers.__file__), "static")
libs = ["node_modules/jquery/dist/jquery.min.js", "node_modules/underscore/underscore-min.js", "node_modules/backbone/backbone-min.js", "js/formgrade_models.js"]
nbpath = sys.argv[1] if len(sys.argv) > 1 else "/tmp/attack34-root-a07/autograded/mallory/ps1_memory/ps1_memory.ipynb"
c = Config()
c.HTMLExporter.template_name = "formgrade"
c.HTMLExporter.extra_template_basedirs = [handlers.template_path]
c.HTMLExporter.sanitize_html = True
res = {"assignment_id": "ps1_memory", "notebook_id": "ps1_memory", "submission_id": "x", "index": 0, "total": 1,
       "base_url": "", "student": "mallory", "last_name": None, "first_name": None, "notebook_path": "p"}
html, _ = HTMLExporter(config=c).from_filename(nbpath, resources=res)
html = re.sub(r'<script[^>]*src="[^"]*"></script>', "", html)
js = "".join("<script>" + open(os.path.join(FG, l)).read() + "</script>" for l in libs)
js += r"""<script>window.addEventListener('load', function(){
var saved = [];
var names = ["written_ddp_fit", "written_pipeline_vs_sharding"];
var models = {};
names.forEach(function(name){
  var m = new Backbone.Model({name: name, max_score: 3, manual_score: null, auto_score: null, extra_credit: null, needs_manual_grade: true});
  m.save = function(attrs){ this.set(attrs); saved.push(name + "=" + attrs.manual_score); };
  models[name] = m;
  new GradeUI({model: m, el: $("#" + name).parents(".nbgrader_cell")});   // formgrade.js loadGrades
});
var w1 = document.querySelectorAll("input.score#written_ddp_fit")[0];
var w2 = document.querySelectorAll("input.score#written_pipeline_vs_sharding")[0];
$(w1).val("2").trigger("change");      // the TA grades W1: 2 of 3
$(w2).val("0").trigger("change");      // the TA grades the blank W2: 0
document.body.setAttribute("data-probe", "saved: " + saved.join(", ") + " | final: W1=" + models.written_ddp_fit.get("manual_score") + " W2=" + models.written_pipeline_vs_sharding.get("manual_score"));
});</script>"""
html = html.replace("</body>", js + "</body>")
f = "/tmp/attack34-root-a07c.html"
open(f, "w").write(html)
dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom", "file://" + f],
                     capture_output=True, text=True, timeout=120).stdout
m = re.search(r'data-probe="([^"]*)"', dom)
print(nbpath, "->", m.group(1) if m else dom[-800:])
