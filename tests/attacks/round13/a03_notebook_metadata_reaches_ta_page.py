"""Round 13, a03 (ROOT run): does the hand-in's notebook-level metadata survive into the graded notebook the TA
opens in Formgrader, and what does Formgrader's page do with it?

Round 9's fix (autograders.feedback.InertForTheBrowser) rewrites every CELL (markdown sanitised, raw MIME dropped,
outputs text/PNG/JPEG only); the notebook's own metadata is not a cell. nbconvert's classic template (which
Formgrader's "formgrade" template extends) puts `metadata.title` in <title> (escaped), and when `metadata.widgets`
exists it adds a script that loads @jupyter-widgets/html-manager from a public CDN (unpkg.com) into the TA's
page, i.e. into the origin of the TA's Jupyter server, and embeds the widget state. The hand-in here is the honest
solution plus notebook metadata only (widgets state naming a third-party widget module, a title).
The grading goes through tools.grade; the Formgrader page is then rendered host-side as nbgrader's
SubmissionHandler renders it (round 12's a04 way), no browser and no network here.
Usage: <venv python> a03_notebook_metadata_reaches_ta_page.py
"""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common13 import course, grade, show, honest_nb, ROOT
import nbformat

STATE = {"version_major": 2, "version_minor": 0, "state": {
    "0123456789abcdef0123456789abcdef": {"model_name": "EvilModel", "model_module": "attacker-widget-pkg",
                                         "model_module_version": "^1.0.0", "state": {"_view_name": "EvilView"}}}}

if __name__ == "__main__":
    nb = honest_nb()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": STATE}
    nb.metadata["title"] = "title from the hand-in </title><script>alert(1)</script>"
    dest = "/tmp/attack13-a03"
    course(dest, {"meta": nb})
    grade(dest)
    show(dest)
    graded = os.path.join(dest, "autograded", "meta", "ps1_memory", "ps1_memory.ipynb")
    g = nbformat.read(graded, 4)
    print("graded notebook keeps metadata.widgets:", "widgets" in g.metadata, "| title:", g.metadata.get("title"))
    from traitlets.config import Config
    from nbconvert.exporters import HTMLExporter
    from nbgrader.server_extensions.formgrader import handlers
    cfg = Config()
    ns = {"c": cfg, "get_config": lambda: cfg}
    exec(open(os.path.join(ROOT, "nbgrader_config.py")).read(), ns)
    cfg.HTMLExporter.template_name = "formgrade"
    cfg.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    html, _ = HTMLExporter(config=cfg).from_filename(graded, resources={
        "assignment_id": "ps1_memory", "notebook_id": "ps1_memory", "submission_id": "x", "index": 0, "total": 1,
        "base_url": "", "student": "meta", "last_name": None, "first_name": None, "notebook_path": "x"})
    for pat in (r"<title>.*?</title>", r"var widgetRendererSrc = '[^']*'", r"attacker-widget-pkg.{0,80}"):
        print("formgrade page:", [m[:200] for m in re.findall(pat, html, re.S)][:3])
    fb = os.path.join(dest, "feedback", "meta", "ps1_memory", "ps1_memory.html")
    if os.path.exists(fb):
        page = open(fb).read()
        print("feedback page loads the CDN widget manager:", "html-manager" in page, "| embeds the state:", "attacker-widget-pkg" in page)
    import shutil; shutil.rmtree(dest, ignore_errors=True)

# RESULT (root, a03.out.txt): HELD. The hand-in (the solution plus notebook-level metadata) was graded 24/24 and its
#   metadata.widgets and metadata.title do reach the graded notebook (InertForTheBrowser rewrites cells only), but
#   Formgrader's "formgrade" template replaces the classic template's header: the page's <title> comes from the
#   file name, no widget manager script and no widget state are in the page, and the feedback page has neither.
#   Left as a note: a template change (or another viewer of autograded/) would meet unfiltered notebook metadata.
