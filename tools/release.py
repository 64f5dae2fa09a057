"""Generate the student versions in release/ from source/ with nbgrader, then clean them.

    python -m tools.release                   # every assignment, into ./release (and ./gradebook.db)
    python -m tools.release --course-dir DIR  # the same in another course directory (tests use a copy)
"""

from __future__ import annotations

import argparse
import sys

from grader.course import ROOT, assignments, nbgrader
from tools import clean_notebooks


def generate(course_dir: str = ROOT, names: list[str] | None = None, db_url: str | None = None) -> list[str]:
    """Run `nbgrader generate_assignment --force` for each assignment; return the notebooks written.

    `db_url`: the gradebook, handed to nbgrader in its environment (DISTCOURSE_DB_URL, which the course's
    nbgrader_config.py reads): on its command line every local user would read it (round 47).
    """
    import glob
    import os

    written = []
    for name in names or assignments(course_dir):
        nbgrader("generate_assignment", name, "--force", cwd=course_dir,
                 env={"DISTCOURSE_DB_URL": db_url} if db_url else None)
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
