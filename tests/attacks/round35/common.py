"""Shared helpers: build a course under /tmp, hand in notebooks, grade through the real path."""
import json, os, shutil, sqlite3, subprocess, sys, time
CLONE = (__import__("os").environ.get("ATTACK_ROOT_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..")))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import fill

ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
CANARIES = ("AKIASECRETCANARY123", "ta:secret")

def course(tag):
    d = f"/tmp/attack35-root-{tag}"
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copy(os.path.join(CLONE, "nbgrader_config.py"), d)
    shutil.copytree(os.path.join(CLONE, "source"), os.path.join(d, "source"))
    shutil.copytree(os.path.join(CLONE, "release"), os.path.join(d, "release"))
    return d

def nbs(a="ps1_memory"):
    rel = nbformat.read(os.path.join(CLONE, "release", a, a + ".ipynb"), 4)
    src = nbformat.read(os.path.join(CLONE, "source", a, a + ".ipynb"), 4)
    return rel, src

def honest(a="ps1_memory", overrides=None):
    rel, src = nbs(a)
    return fill(rel, src, overrides or {})

def hand_in(d, student, nb, a="ps1_memory"):
    p = os.path.join(d, "submitted", student, a)
    os.makedirs(p, exist_ok=True)
    if isinstance(nb, (str, bytes)):
        open(os.path.join(p, a + ".ipynb"), "wb" if isinstance(nb, bytes) else "w").write(nb)
    else:
        nbformat.write(nb, os.path.join(p, a + ".ipynb"))
    return p

def grade(d, a="ps1_memory", extra=(), timeout=1200):
    t = time.time()
    r = subprocess.run([os.path.join(CLONE, ".venv/bin/python"), "-m", "grader.grade", "--course-dir", d,
                        "--workers", "1", *extra, a], cwd=CLONE, env=ENV, capture_output=True, text=True, timeout=timeout)
    print(f"grade rc={r.returncode} in {time.time()-t:.1f}s")
    return r

def scores(d):
    db = os.path.join(d, "gradebook.db")
    con = sqlite3.connect(db)
    rows = con.execute("""select s.id, a.name, sum(coalesce(g.manual_score, g.auto_score, 0)), sum(gc.max_score)
        from grade g join grade_cells gc on g.cell_id = gc.id join notebook n on g.notebook_id = n.id
        join submitted_assignment sa on n.assignment_id = sa.id join student s on sa.student_id = s.id
        join assignment a on sa.assignment_id = a.id group by s.id, a.name""").fetchall()
    con.close()
    return rows

def grep_canaries(d):
    hits = []
    for root, _, files in os.walk(d):
        for f in files:
            p = os.path.join(root, f)
            try:
                data = open(p, "rb").read()
            except OSError:
                continue
            for c in CANARIES:
                if c.encode() in data:
                    hits.append((p, c))
    return hits

def formgrade_html(d, student, a="ps1_memory", resources_extra=None):
    """Render the autograded notebook the way nbgrader's Formgrader does (its HTMLExporter, template 'formgrade',
    the course's nbgrader_config.py), returning the page's HTML."""
    import nbgrader.server_extensions.formgrader.handlers as handlers
    from nbconvert.exporters import HTMLExporter
    from traitlets.config import Config, PyFileConfigLoader
    cfg = PyFileConfigLoader("nbgrader_config.py", path=d).load_config()
    cfg.HTMLExporter.template_name = "formgrade"
    cfg.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    ex = HTMLExporter(config=cfg)
    res = {"assignment_id": a, "notebook_id": a, "submission_id": "sub", "index": 0, "total": 3,
           "base_url": "", "student": student, "last_name": None, "first_name": None,
           "notebook_path": f"/tree/autograded/{student}/{a}/{a}.ipynb"}
    res.update(resources_extra or {})
    html, _ = ex.from_filename(os.path.join(d, "autograded", student, a, a + ".ipynb"), resources=res)
    return html
