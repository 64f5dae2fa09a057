"""Generate the student versions in release/ from source/ with nbgrader, then clean them.

    python -m tools.release                   # every assignment, into ./release (and ./gradebook.db)
    python -m tools.release --course-dir DIR  # the same in another course directory (tests use a copy)
"""

from __future__ import annotations

import argparse
import sys

from grader.course import ROOT, assignments, nbgrader
from tools import clean_notebooks


def generate(course_dir: str = ROOT, names: list[str] | None = None, nbgrader_args: list[str] | None = None) -> list[str]:
    """Run `nbgrader generate_assignment --force` for each assignment; return the notebooks written.

    `nbgrader_args` go to every nbgrader call (e.g. `--CourseDirectory.db_url=...` for a shared gradebook).
    """
    import glob
    import os

    written = []
    for name in names or assignments(course_dir):
        nbgrader("generate_assignment", name, "--force", *(nbgrader_args or []), cwd=course_dir)
        written += glob.glob(os.path.join(course_dir, "release", name, "*.ipynb"))
    clean_notebooks.main(sorted(written))
    return sorted(written)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="assignments (default: every folder of source/)")
    parser.add_argument("--course-dir", default=ROOT)
    args = parser.parse_args(argv)
    for path in generate(args.course_dir, args.names):
        print("released", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
