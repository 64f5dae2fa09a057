"""Helpers of the attack rounds' scripts (round3/, round4/): build hostile ps1 notebooks from the release notebook (no source needed),
make a temporary course and grade it with grader.grade (--workers 1), then print scores.

Usage from an attack file: build({"student": {grade_id: source, ...}}, honest=True) -> course dir.
The honest student (built from source/, only for comparison) is optional.
"""
import copy, json, os, shutil, sqlite3, subprocess, sys, textwrap, time

import nbformat

ROOT = os.environ.get("ATTACK_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
NB = "ps1_memory.ipynb"
os.environ["PATH"] = os.path.join(ROOT, ".venv/bin") + os.pathsep + os.environ.get("PATH", "")


def meta(c):
    return c.get("metadata", {}).get("nbgrader", {})


def release_nb(assignment="ps1_memory"):
    return nbformat.read(os.path.join(ROOT, "release", assignment, NB if assignment == "ps1_memory" else f"{assignment}.ipynb"), 4)


def notebook(overrides=None, append=None, mutate=None, assignment="ps1_memory"):
    nb = copy.deepcopy(release_nb(assignment))
    for c in nb.cells:
        gid = meta(c).get("grade_id")
        if overrides and gid in overrides:
            c.source = textwrap.dedent(overrides[gid]).strip("\n")
        if append and gid in append:
            c.source += "\n" + textwrap.dedent(append[gid])
    if mutate:
        mutate(nb)
    return nb


def honest_nb():
    sys.path.insert(0, ROOT)
    from tools.submissions import fill, source_and_release
    s, r = source_and_release("ps1_memory")
    return fill(r, s, {})


def make_course(tag, students, assignment="ps1_memory", owner=None):
    dest = f"/tmp/attack-course-{tag}"
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(os.path.join(dest, "source"))
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), dest)
    shutil.copytree(os.path.join(ROOT, "source", assignment), os.path.join(dest, "source", assignment))
    for student, nb in students.items():
        d = os.path.join(dest, "submitted", student, assignment)
        os.makedirs(d)
        nbformat.write(nb, os.path.join(d, NB if assignment == "ps1_memory" else f"{assignment}.ipynb"))
    if owner is not None:
        subprocess.run(["chown", "-R", f"{owner}:{owner}", dest], check=True)
    return dest


def grade(dest, extra=(), python=None, cwd=None, prefix=()):
    python = python or os.path.join(ROOT, ".venv/bin/python")
    t = time.time()
    p = subprocess.run([*prefix, python, "-m", "grader.grade", "--course-dir", dest, "--workers", "1", *extra],
                       cwd=cwd or ROOT, capture_output=True, text=True)
    print(f"grade rc={p.returncode} in {time.time()-t:.0f}s")
    print(p.stdout[-3000:], p.stderr[-3000:])
    return p


def scores(dest):
    db = sqlite3.connect(os.path.join(dest, "gradebook.db"))
    rows = db.execute("""select s.student_id, gc.name, g.auto_score, g.manual_score, g.needs_manual_grade
        from grade g join submitted_notebook s on g.notebook_id=s.id join grade_cells gc on g.cell_id=gc.id
        order by s.student_id, gc.name""").fetchall() if False else None
    # nbgrader's schema: use its API instead
    sys.path.insert(0, ROOT)
    from nbgrader.api import Gradebook
    out = {}
    with Gradebook(f"sqlite:///{dest}/gradebook.db") as gb:
        for a in gb.assignments:
            for s in gb.students:
                try:
                    sub = gb.find_submission(a.name, s.id)
                except Exception:
                    continue
                for nb in sub.notebooks:
                    cells = {g.name: (g.auto_score, g.manual_score, g.needs_manual_grade, g.max_score) for g in nb.grades}
                    out[s.id] = {"score": sub.score, "max": sub.max_score, "cells": cells}
    return out


def show(dest):
    for s, v in scores(dest).items():
        print(s, v["score"], "/", v["max"])
        for k, c in sorted(v["cells"].items()):
            print("   ", k, c)
    rp = os.path.join(dest, "grading_report.json")
    if os.path.exists(rp):
        print(open(rp).read()[:3000])


def outputs(dest, student, assignment="ps1_memory"):
    p = os.path.join(dest, "autograded", student, assignment, NB if assignment == "ps1_memory" else f"{assignment}.ipynb")
    nb = nbformat.read(p, 4)
    for c in nb.cells:
        if c.cell_type != "code":
            continue
        for o in c.get("outputs", []):
            txt = o.get("text") or o.get("evalue") or json.dumps(o.get("data", ""))[:3000]
            print(f"--- [{meta(c).get('grade_id')}] {o.get('output_type')}: {str(txt)[:6000]}")
