"""Shared harness: build a course folder under /tmp, hand in controls + hostile, grade as uid 65534."""
import json, os, shutil, sqlite3, subprocess, sys, time
CLONE = __import__("os").environ.get("ATTACK_USER_CLONE") or __import__("os").path.abspath(__import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "..", "..", ".."))
sys.path.insert(0, CLONE)
import nbformat
from tools.submissions import fill

ENV = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")

def build(tag, hostile: dict, assignment="ps1_memory"):
    """hostile: {student: {grade_id: code} or nbformat notebook}"""
    root = f"/tmp/attack29-user-{tag}"
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    shutil.copy(f"{CLONE}/nbgrader_config.py", root)
    shutil.copytree(f"{CLONE}/source", f"{root}/source")
    shutil.copytree(f"{CLONE}/release", f"{root}/release")
    rel = nbformat.read(f"{CLONE}/release/{assignment}/{assignment}.ipynb", 4)
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    students = {"aaron": {}, "zoe": {}}
    students.update(hostile)
    for s, ov in students.items():
        d = f"{root}/submitted/{s}/{assignment}"
        os.makedirs(d)
        nb = ov if isinstance(ov, nbformat.NotebookNode) else fill(rel, src, ov)
        nbformat.write(nb, f"{d}/{assignment}.ipynb")
    subprocess.run(["chown", "-R", "65534:65534", root], check=True)
    return root

def grade(root, assignment="ps1_memory", extra=(), timeout=1500):
    cmd = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups",
           f"{CLONE}/.venv/bin/python", "-m", "grader.grade", "--course-dir", root, "--workers", "1", *extra, assignment]
    t = time.time()
    p = subprocess.run(cmd, cwd=CLONE, env=ENV, capture_output=True, text=True, timeout=timeout)
    dt = time.time() - t
    print(f"grade rc={p.returncode} in {dt:.1f}s")
    print("stdout tail:", p.stdout[-3000:])
    print("stderr tail:", p.stderr[-3000:])
    return p, dt

def scores(root):
    out = {}
    db = f"{root}/gradebook.db"
    if os.path.exists(db):
        c = sqlite3.connect(db)
        try:
            rows = c.execute("select student.id, sum(grade.auto_score), sum(grade.manual_score) from grade join submitted_notebook on grade.notebook_id=submitted_notebook.id join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on submitted_assignment.student_id=student.id group by student.id").fetchall()
            out = {r[0]: r[1] for r in rows}
        except Exception as e:
            out = {"err": str(e)}
    print("scores:", out)
    rp = f"{root}/grading_report.json"
    if os.path.exists(rp):
        print("report:", open(rp).read()[:3000])
    return out

def cell_scores(root, student):
    c = sqlite3.connect(f"{root}/gradebook.db")
    rows = c.execute("select base_cell.name, grade.auto_score from grade join base_cell on grade.cell_id=base_cell.id join submitted_notebook on grade.notebook_id=submitted_notebook.id join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id where submitted_assignment.student_id=?", (student,)).fetchall()
    return dict(rows)

def solution(grade_id, assignment="ps1_memory"):
    from tools.submissions import solution_text, _nbgrader_meta
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    for c in src.cells:
        if _nbgrader_meta(c).get("grade_id") == grade_id:
            return solution_text(c)
    raise KeyError(grade_id)

def answer_ids(assignment="ps1_memory"):
    from tools.submissions import _nbgrader_meta
    src = nbformat.read(f"{CLONE}/source/{assignment}/{assignment}.ipynb", 4)
    return [_nbgrader_meta(c).get("grade_id") for c in src.cells if _nbgrader_meta(c).get("solution")]

import glob as _glob, threading as _threading
class Monitor:
    """root-side: record autogroup nice of every process != 0, and the observer's autogroup."""
    def __init__(self):
        self.log, self.stop, self.seen = [], False, set()
        self.th = _threading.Thread(target=self.run, daemon=True)
    def run(self):
        while not self.stop:
            for f in _glob.glob("/proc/[0-9]*/autogroup"):
                try:
                    ag = open(f).read().strip()
                    pid = f.split("/")[2]
                    cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ")[:120].decode(errors="replace")
                    if not ag.endswith("nice 0") or "--observer" in cmd:
                        key = (pid, ag)
                        if key not in self.seen:
                            self.seen.add(key)
                            self.log.append(f"{time.strftime('%H:%M:%S')} pid={pid} {ag} :: {cmd}")
                except OSError:
                    pass
            time.sleep(0.2)
    def __enter__(self): self.th.start(); return self
    def __exit__(self, *a): self.stop = True; self.th.join()
