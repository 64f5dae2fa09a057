"""a02: cell tags are the student's (kept through autograde: test cells' checksums do not cover them, code cells'
metadata is not cleared). nbconvert's celltags macro writes each tag into the code cell's class attribute,
HTML-escaped but not split: a tag with spaces adds any class to the cell's wrapper in Formgrader's page
(bootstrap's `hidden`: the cell vanishes from the TA's view; `nbgrader_cell`: joins Formgrader's grade binding
via .parents('.nbgrader_cell')). Controls aaron, zoe."""
from harness import *

d = course("a02")
nb = honest()
n = 0
for c in nb.cells:
    g = c.metadata.get("nbgrader", {}).get("grade_id", "")
    if c.cell_type == "code" and (g in ("training_memory", "training_memory_counts_tensors") or not g):
        c.metadata["tags"] = ["x hidden", "y nbgrader_cell tabbable navbar-fixed-top fade"]
        n += 1
print("tagged cells:", n)
handin(d, "aaron", honest())
handin(d, "mallory", nb)
handin(d, "zoe", honest())
grade(d); scores(d)
ag = json.load(open(f"{d}/autograded/mallory/{A}/{A}.ipynb"))
print("tags kept in autograded:", sum(1 for c in ag["cells"] if c.get("metadata", {}).get("tags")))
r = subprocess.run([PY, "-c", f'''
import os
os.chdir({d!r})
from nbconvert.exporters import HTMLExporter
from nbgrader.apps import NbGrader
from nbgrader.server_extensions.formgrader import handlers
app = NbGrader(); app.load_cwd_config = True; app.config_dir = "/nonexistent"; app.load_config_file()
cfg = app.config
cfg.HTMLExporter.template_name = "formgrade"
cfg.HTMLExporter.extra_template_basedirs = [handlers.template_path]
res = dict(assignment_id="ps1_memory", notebook_id="ps1_memory", submission_id="s", index=0, total=3,
           base_url="", student="mallory", last_name=None, first_name=None, notebook_path="x")
html, _ = HTMLExporter(config=cfg).from_filename("autograded/mallory/ps1_memory/ps1_memory.ipynb", resources=res)
open("/tmp/attack35-user-a02-formgrade.html", "w").write(html)
import re
for m in re.findall(r'<div id="cell-id=[^"]*" class="[^"]*celltag_[^"]*"', html)[:6]: print(m)
'''], capture_output=True, text=True, cwd=CLONE)
print(r.stdout[-3000:], r.stderr[-2000:])
