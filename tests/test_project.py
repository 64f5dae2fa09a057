"""The project's own consistency: pins agree, notebooks are clean, release/ is generated, nothing leaks."""

import json
import os
import re
import tomllib

import pytest

from grader.course import ROOT, assignments, copy_course
from tools import clean_notebooks, release
from tools.submissions import solution_text

SOLUTION_RE = re.compile(r"### BEGIN SOLUTION(.*?)### END SOLUTION", re.S)


def _pins_from_pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        project = tomllib.load(fh)["project"]
    return set(project["dependencies"]) | set(project["optional-dependencies"]["dev"])


def test_environment_yml_has_the_same_pins_as_pyproject():
    text = open(os.path.join(ROOT, "environment.yml")).read()
    conda_pins = set(re.findall(r"^\s+- ([A-Za-z0-9_.\-]+==[^\s]+)$", text, re.M))
    assert conda_pins == _pins_from_pyproject()


def test_every_dependency_is_pinned_exactly():
    loose = [d for d in _pins_from_pyproject() if "==" not in d]
    assert not loose, f"pin these exactly (==): {loose}"


def test_committed_notebooks_are_clean():
    unclean = []
    for path in clean_notebooks.notebook_paths():
        text = open(os.path.join(ROOT, path)).read() if not os.path.isabs(path) else open(path).read()
        if clean_notebooks.serialise(clean_notebooks.clean(json.loads(text))) != text:
            unclean.append(path)
    assert not unclean, f"run `make clean-notebooks`: {unclean}"


def test_cleaner_removes_outputs_and_counts():
    nb = {"cells": [{"cell_type": "code", "source": "1", "metadata": {"collapsed": True, "nbgrader": {"x": 1}},
                     "outputs": [{"output_type": "stream", "text": "1"}], "execution_count": 4}],
          "metadata": {"kernelspec": {"name": "conda-env-foo"}, "widgets": {}}, "nbformat": 4, "nbformat_minor": 5}
    cleaned = clean_notebooks.clean(nb)
    cell = cleaned["cells"][0]
    assert cell["outputs"] == [] and cell["execution_count"] is None and cell["metadata"] == {"nbgrader": {"x": 1}}
    assert cleaned["metadata"]["kernelspec"]["name"] == "python3" and "widgets" not in cleaned["metadata"]


@pytest.mark.slow
def test_release_is_what_nbgrader_generates_from_source(tmp_path):
    """release/ is regenerated in a temporary course directory and must equal the committed copy."""
    names = assignments()
    copy_course(str(tmp_path), names)
    assert names, "no assignment in source/"
    release.generate(str(tmp_path), names)
    for name in names:
        committed = sorted(os.listdir(os.path.join(ROOT, "release", name)))
        fresh = sorted(os.listdir(tmp_path / "release" / name))
        assert committed == fresh, f"release/{name} holds {committed}, nbgrader generates {fresh}"
        for file in fresh:
            want = open(tmp_path / "release" / name / file).read()
            have = open(os.path.join(ROOT, "release", name, file)).read()
            assert have == want, f"release/{name}/{file} differs from what source/ generates: run `make release`"


def _released_text():
    chunks = {}
    for folder in ("release", "helpers"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            for f in files:
                if f.endswith((".py", ".ipynb", ".md", ".txt", ".yml", ".toml")):
                    chunks[os.path.join(dirpath, f)] = open(os.path.join(dirpath, f), encoding="utf-8").read()
    return chunks


def _solution_lines():
    """Distinctive lines of every solution region in source/.

    Short lines, comments, and lines that also appear in the public part of the source notebooks
    (setup code, visible tests: `for p in model.parameters():`) are not distinctive and are skipped.
    """
    from tools.submissions import strip_regions

    lines, public = set(), set()
    for name in assignments():
        folder = os.path.join(ROOT, "source", name)
        for f in os.listdir(folder):
            if f.endswith(".ipynb"):
                nb = json.load(open(os.path.join(folder, f)))
                for cell in nb["cells"]:
                    text = "".join(cell["source"])
                    public_text = strip_regions(text, "SOLUTION", "HIDDEN TESTS", "MARK SCHEME")
                    public.update(line.strip() for line in public_text.splitlines())
                    for region in SOLUTION_RE.findall(text):
                        for line in region.splitlines():
                            line = line.strip()
                            if len(line) >= 25 and not line.startswith(("#", '"""', "return None", "raise ")):
                                lines.add(line)
    return lines - public


def _leaks(texts):
    """(path, what) for every marker or distinctive solution line found in `texts` (path -> text)."""
    found = []
    for path, text in texts.items():
        found += [(path, m) for m in ("BEGIN SOLUTION", "BEGIN HIDDEN TESTS", "BEGIN MARK SCHEME", "autograders", "from probes") if m in text]
    solution = _solution_lines()
    found += [(path, line) for path, text in texts.items() for line in solution if line in text]
    return found


def test_nothing_released_reveals_a_solution_hidden_test_or_key():
    texts = _released_text()
    assert any(p.endswith(".ipynb") for p in texts), "release/ has no notebook"
    leaks = _leaks(texts)
    assert not leaks, f"released files reveal the grading side: {sorted(leaks)[:5]}"


def test_the_leak_check_would_catch_a_leak():
    """The check above is not vacuous: a release with one solution line pasted in is caught."""
    texts = _released_text()
    path = next(p for p in texts if p.endswith(".ipynb"))
    line = sorted(_solution_lines())[0]
    assert (path, line) in _leaks({path: texts[path] + line})
    assert (path, "autograders") in _leaks({path: "from autograders import ps1_memory"})


def test_solution_text_drops_markers_and_rubric():
    class Cell:
        source = "def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n### BEGIN MARK SCHEME\nrubric\n### END MARK SCHEME\n"

    assert solution_text(Cell) == "def f():\n    return 1\n"


def _hidden_cells():
    from grader.judge import HIDDEN

    for name in assignments():
        nb = json.load(open(os.path.join(ROOT, "source", name, f"{name}.ipynb")))
        for cell in nb["cells"]:
            source = "".join(cell["source"])
            for hidden in HIDDEN.findall(source):
                yield name, cell["metadata"].get("nbgrader", {}).get("grade_id"), hidden


def _hidden_comes_first(source: str) -> bool:
    """The hidden block is the first code of the cell: only its docstring (and comments) before it."""
    import ast

    head = source[:source.find("### BEGIN HIDDEN TESTS")]
    body = ast.parse(head).body
    return all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) for node in body)


def test_every_test_cell_runs_its_hidden_check_first():
    """One rule for every assignment: the hidden check is handed over before the visible asserts run,
    so that a crash or a failed assert in the visible part cannot keep the judge's diagnosis from the
    student (in ps4 a visible launch that crashed showed a raw RankError instead of "an activation was
    detached")."""
    late = []
    for name in assignments():
        nb = json.load(open(os.path.join(ROOT, "source", name, f"{name}.ipynb")))
        for cell in nb["cells"]:
            source = "".join(cell["source"])
            if "### BEGIN HIDDEN TESTS" in source and not _hidden_comes_first(source):
                late.append(f"{name}/{cell['metadata'].get('nbgrader', {}).get('grade_id')}")
    assert not late, f"test cells whose visible code runs before the hidden check: {late}"
    assert not _hidden_comes_first('"""doc."""\nassert f(1) == 2\n### BEGIN HIDDEN TESTS\nprobe.f(f)\n### END HIDDEN TESTS')


def test_hidden_tests_run_probes_that_have_judges():
    """Every hidden test calls a probe that reports to a judge, never the judges themselves.

    The student's kernel cannot import autograders/ when it runs in the grading sandbox, so a hidden
    cell that did would fail for everyone; and each probe.<name>(...) needs probes.<ps>.<name>
    (which reports "<ps>.<name>") and autograders.<ps>.judge_<name>.
    """
    import importlib
    import inspect

    from grader.judge import required_checks

    found = 0
    for name, grade_id, hidden in _hidden_cells():
        assert "autograders" not in hidden, f"{name}/{grade_id}: a hidden test imports autograders"
        checks = required_checks(hidden)
        assert checks, f"{name}/{grade_id}: a hidden test that reports to no judge"
        for check in checks:
            module, _, check_name = check.partition(".")
            probe = getattr(importlib.import_module(f"probes.{module}"), check_name, None)
            assert callable(probe), f"{name}/{grade_id}: probes.{module} has no {check_name}"
            assert f'"{check}"' in inspect.getsource(probe), f"probes.{module}.{check_name} does not report {check!r}"
            assert callable(getattr(importlib.import_module(f"autograders.{module}"), f"judge_{check_name}", None)), (
                f"autograders.{module} has no judge_{check_name}")
            found += 1
    assert found >= 20


def test_hidden_tests_hold_nothing_but_calls_into_public_probes():
    """A kernel can read the code it runs (an IPython pre_run_cell hook printed every hidden region into the feedback,
    round 24), so a hidden region must hold nothing that is not public anyway: imports from probes/ and calls of a
    probe's functions with the notebook's own names and plain constants. What is secret stays in autograders/."""
    import ast

    found = 0
    for name, grade_id, hidden in _hidden_cells():
        body = hidden.replace("### BEGIN HIDDEN TESTS", "").replace("### END HIDDEN TESTS", "")
        for node in ast.parse(body).body:
            found += 1
            where = f"{name}/{grade_id}: {ast.unparse(node)[:120]}"
            if isinstance(node, ast.ImportFrom):
                assert node.module == "probes" or (node.module or "").startswith("probes."), where
                continue
            assert isinstance(node, ast.Expr) and isinstance(node.value, ast.Call), where
            func = node.value.func
            assert isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name), where
            for arg in [*node.value.args, *(k.value for k in node.value.keywords)]:
                assert isinstance(arg, (ast.Name, ast.Constant)) or (
                    isinstance(arg, ast.UnaryOp) and isinstance(arg.operand, ast.Constant)), where
    assert found >= 60, found


def test_a_corpus_file_may_hold_the_submissions_of_one_exercise(tmp_path, monkeypatch):
    """One file per exercise (what `make exercise` writes): each entry of SUBMISSIONS is a submission named
    `<file>.<key>`, and `make check` grades all of a changed file's; a malformed entry is refused with where it is."""
    from tools import check, submissions

    folder = tmp_path / "ps9_demo"
    folder.mkdir()
    (folder / "ex1_mean.py").write_text(
        '"""Exercise mean."""\nSUBMISSIONS = {\n'
        '    "wrong": {"doc": "Forgot to divide.", "CELLS": {"mean": "def mean(v):\\n    return sum(v)\\n"},\n'
        '              "LOSES": {"mean_matches_reference": "divide"}},\n'
        '    "fmean": {"doc": "Correct, with statistics.", "CELLS": {"mean": "x"}, "LOSES": {}, "ATTACK": False},\n}\n')
    (folder / "old_style.py").write_text('"""One submission."""\nCELLS = {"mean": "y"}\nLOSES = {}\n')
    monkeypatch.setattr(submissions, "SUBMISSIONS", str(tmp_path))
    subs = {s.name: s for s in submissions.corpus("ps9_demo")}
    assert set(subs) == {"ex1_mean.wrong", "ex1_mean.fmean", "old_style"}
    assert subs["ex1_mean.wrong"].loses == {"mean_matches_reference": "divide"} and subs["ex1_mean.wrong"].file == "ex1_mean"
    assert subs["ex1_mean.fmean"].description == "Correct, with statistics." and not subs["ex1_mean.fmean"].loses
    assert check.corpus_to_grade("ps9_demo", {"tests/submissions/ps9_demo/ex1_mean.py"}, False) == ["ex1_mean.fmean",
                                                                                                   "ex1_mean.wrong"]
    for bad, words in (('SUBMISSIONS = {"Bad-Name": {"doc": "d", "CELLS": {}, "LOSES": {}}}', "lower-case"),
                       ('SUBMISSIONS = {"a": {"doc": "d", "CELLS": {}, "LOSES": {}, "LOOSES": {}}}', "only"),
                       ('SUBMISSIONS = {"a": {"CELLS": {}, "LOSES": {}}}', "say what the student did"),
                       ('SUBMISSIONS = {"a": {"doc": "d", "CELLS": [], "LOSES": {}}}', "CELLS must be a dict"),
                       ('SUBMISSIONS = {}', "dict of submissions")):
        path = tmp_path / "bad.py"
        path.write_text(bad + "\n")
        with pytest.raises(ValueError, match=words):
            submissions.Submission.load(str(path))
