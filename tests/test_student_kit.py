"""The student kit installs into a clean virtual environment and runs a release notebook's visible tests."""

import json
import os
import subprocess
import sys
import textwrap

import nbformat
import pytest

from grader.course import assignments
from tools import student_kit
from tools.submissions import fill, source_and_release

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return student_kit.build(str(tmp_path_factory.mktemp("kit") / "student-kit"))


def test_kit_has_no_grading_side(kit):
    assert sorted(os.listdir(kit)) == ["README.md", "environment.yml", "helpers", "notebooks", "pyproject.toml", "release"]
    for dirpath, _, files in os.walk(kit):
        for f in files:
            text = open(os.path.join(dirpath, f), encoding="utf-8", errors="replace").read()
            for word in ("autograders", "from probes", "BEGIN SOLUTION"):
                assert word not in text, f"{f} mentions the grading side ({word})"


def test_kit_installs_in_a_clean_venv_and_runs_visible_tests(kit, tmp_path):
    # A student's machine: the kit's venv alone, not this checkout put first on PYTHONPATH for the tests.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = str(venv / "bin" / "python")
    # --no-compile: the bytecode of every installed module (torch has thousands) is not what is tested; a
    # module is compiled when it is first imported, as it would be anyway
    pip = subprocess.run([py, "-m", "pip", "install", "--quiet", "--no-compile", "-e", kit], capture_output=True, text=True, env=env)
    assert pip.returncode == 0, pip.stderr[-3000:]
    # The grading side must be absent from the student's environment.
    found = subprocess.run(
        [py, "-c", "import helpers, importlib.util as u; print(u.find_spec('autograders'), u.find_spec('probes'))"],
        capture_output=True, text=True, cwd=tmp_path, env=env)
    assert found.stdout.strip() == "None None", found.stderr

    name = assignments()[0]
    source_nb, release_nb = source_and_release(name)
    answered = tmp_path / "answered.ipynb"
    untouched = tmp_path / "untouched.ipynb"
    nbformat.write(fill(release_nb, source_nb), answered)
    nbformat.write(release_nb, untouched)
    runner = textwrap.dedent(
        """
        import json, sys, nbformat
        from nbclient import NotebookClient
        nb = nbformat.read(sys.argv[1], as_version=4)
        NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True).execute()
        errors = [o["ename"] for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
        print(json.dumps(errors))
        """
    )
    for path, check in ((answered, "answered"), (untouched, "untouched")):
        proc = subprocess.run([py, "-c", runner, str(path)], capture_output=True, text=True, cwd=tmp_path, timeout=600, env=env)
        assert proc.returncode == 0, proc.stderr[-3000:]
        errors = json.loads(proc.stdout.strip().splitlines()[-1])
        if check == "answered":
            assert errors == [], f"the answered release fails its visible tests in the kit: {errors}"
        else:
            assert errors, "the untouched release passes its visible tests: they check nothing"
            assert not {"ModuleNotFoundError", "ImportError"} & set(errors), f"the kit misses a module: {errors}"
