"""Build clean notebooks with nbgrader cell metadata from Python, for scaffolding a new part.

The committed .ipynb files in notebooks/ and source/ are the sources that authors edit (in
JupyterLab with nbgrader's "Create Assignment" toolbar, or as text); this module is only a fast way
to write a first version of one without clicking through the toolbar for every cell::

    from tools.nbauthor import md, code, solution, tests, manual, write
    write("source/ps9_demo/ps9_demo.ipynb", [
        md("intro", "# Problem set 9"),
        solution("add", "def add(a, b):\\n    ### BEGIN SOLUTION\\n    return a + b\\n    ### END SOLUTION"),
        tests("add_small_numbers", '\"\"\"add() on small ints.\"\"\"\\nassert add(1, 2) == 3', points=1),
    ])

Grade ids must be unique in a notebook and follow `<exercise>_<property>`.
"""

from __future__ import annotations

import nbformat

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def _nbgrader(grade_id: str, *, grade: bool, solution: bool, locked: bool, points: float | None = None, task: bool = False):
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3, "solution": solution, "task": task}
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta}


def md(grade_id: str | None, text: str):
    """A markdown cell; with a grade_id it is locked (students cannot edit it)."""
    cell = nbformat.v4.new_markdown_cell(text.strip("\n"))
    if grade_id:
        cell.metadata.update(_nbgrader(grade_id, grade=False, solution=False, locked=True))
    return cell


def code(grade_id: str | None, source: str):
    """A code cell; with a grade_id it is locked (setup code students must not change)."""
    cell = nbformat.v4.new_code_cell(source.strip("\n"))
    if grade_id:
        cell.metadata.update(_nbgrader(grade_id, grade=False, solution=False, locked=True))
    return cell


def solution(grade_id: str, source: str):
    """An autograded answer cell: wrap the answer in ### BEGIN SOLUTION / ### END SOLUTION."""
    cell = nbformat.v4.new_code_cell(source.strip("\n"))
    cell.metadata.update(_nbgrader(grade_id, grade=False, solution=True, locked=False))
    return cell


def tests(grade_id: str, source: str, points: float):
    """An autograded test cell: visible asserts, then ### BEGIN HIDDEN TESTS ... ### END HIDDEN TESTS."""
    cell = nbformat.v4.new_code_cell(source.strip("\n"))
    cell.metadata.update(_nbgrader(grade_id, grade=True, solution=False, locked=True, points=points))
    return cell


def manual(grade_id: str, source: str, points: float):
    """A manually graded written answer (markdown); put the rubric in ### BEGIN MARK SCHEME."""
    cell = nbformat.v4.new_markdown_cell(source.strip("\n"))
    cell.metadata.update(_nbgrader(grade_id, grade=True, solution=True, locked=False, points=points))
    return cell


def notebook(cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = list(cells)
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    return nb


def write(path: str, cells) -> None:
    """Write a clean notebook (no outputs, no execution counts, stable cell ids)."""
    import os

    nb = notebook(cells)
    for i, cell in enumerate(nb.cells):
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        cell["id"] = grade_id or f"cell-{i:03d}"
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    nbformat.validate(nb)
    nbformat.write(nb, path)
