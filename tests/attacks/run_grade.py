"""`python -m grader.grade` with the sandbox's resource limits overridden: tests lower them to attack the caps.

    python -m tests.attacks.run_grade --limits '{"memory_bytes": 2147483648}' --course-dir DIR --workers 2

Everything else is grader.grade.main, the code `make grade` runs; only `limits` reaches grader.grade.grade.
"""

import functools
import json
import sys

from grader import grade


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] != "--limits":
        raise SystemExit("usage: python -m tests.attacks.run_grade --limits JSON [grader.grade arguments]")
    grade.grade = functools.partial(grade.grade, limits=json.loads(argv[1]))
    return grade.main(argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
