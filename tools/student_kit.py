"""Assemble what students receive: release/, notebooks/, helpers/ and an environment. No grading side.

    python -m tools.student_kit dist/student-kit

The kit installs with `pip install -e .` (or conda with its environment.yml) and holds no source/,
no autograders/, no tests/: nothing that could reveal a solution, a hidden test or an answer key.
"""

from __future__ import annotations

import os
import shutil
import sys
import tomllib

from grader.course import ROOT

INCLUDE = ("release", "notebooks", "helpers")
DEV_ONLY = ("pytest", "nbval")

README = """# Distributed training of large models in PyTorch: student kit

    python3 -m venv .venv && .venv/bin/pip install -e .     # or: conda env create -f environment.yml
    .venv/bin/jupyter lab

`notebooks/` holds the lectures, `release/` your assignments. In each assignment, write your code where
it says `# YOUR CODE HERE` (delete the `raise NotImplementedError()`), run the visible tests, then use
nbgrader's Validate button before you hand in. More checks run when your work is graded.
Multi-process cells start their ranks with `helpers.launch`; they run on a CPU-only laptop.
"""


def student_dependencies() -> list[str]:
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        deps = tomllib.load(fh)["project"]["dependencies"]
    return [d for d in deps if not d.startswith(DEV_ONLY)]


def build(out: str) -> str:
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "*.egg-info")
    for folder in INCLUDE:
        shutil.copytree(os.path.join(ROOT, folder), os.path.join(out, folder), ignore=ignore)
    deps = student_dependencies()
    with open(os.path.join(out, "pyproject.toml"), "w") as fh:
        fh.write('[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n\n')
        fh.write('[project]\nname = "distcourse-student"\nversion = "0.1.0"\nrequires-python = ">=3.10,<3.13"\n')
        fh.write("dependencies = [\n" + "".join(f'    "{d}",\n' for d in deps) + "]\n\n")
        fh.write('[tool.setuptools]\npackages = ["helpers"]\n')
    with open(os.path.join(out, "environment.yml"), "w") as fh:
        fh.write("name: distcourse-student\nchannels:\n  - conda-forge\ndependencies:\n  - python=3.11\n  - pip\n  - pip:\n")
        fh.write("".join(f"      - {d}\n" for d in deps) + "      - -e .\n")
    with open(os.path.join(out, "README.md"), "w") as fh:
        fh.write(README)
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = build(argv[0] if argv else os.path.join(ROOT, "dist", "student-kit"))
    print(f"student kit written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
