"""The main job, end to end: release the assignments, hand in example submissions, autograde them.

Example students, per assignment: `ada` hands in our solution, `bo` a submission with a typical
mistake from the corpus (tests/submissions/), `cy` the release untouched.
"""

from __future__ import annotations

import os
import shutil
import sys

import nbformat

from grader import grade
from grader.course import ROOT, assignments, notebook_name
from tools import release
from tools.submissions import corpus, fill, source_and_release


def hand_in(root: str = ROOT) -> list[str]:
    written = []
    for name in assignments(root):
        source_nb, release_nb = source_and_release(name, root)
        wrong = [s for s in corpus(name) if s.loses]
        examples = {"ada": fill(release_nb, source_nb), "cy": release_nb}
        if wrong:
            examples["bo"] = fill(release_nb, source_nb, wrong[0].cells)
            print(f"  bo's {name} has a typical mistake: {wrong[0].description}")
        for student, nb in examples.items():
            folder = os.path.join(root, "submitted", student, name)
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder)
            path = os.path.join(folder, notebook_name(name, root))
            nbformat.write(nb, path)
            written.append(path)
    return written


def sandbox_choice(root: str = ROOT) -> tuple[bool, str | None]:
    """(grade unsandboxed?, the line that says so). The demo grades the course's own example submissions,
    which need no sandbox: without bubblewrap it runs them unsandboxed, where `make grade` refuses."""
    from grader import sandbox

    why = sandbox.self_test(root)
    if why is None:
        return False, None
    return True, (f"sandbox off: {why}. Fine for the course's own examples; `make grade` refuses to grade "
                  "real submissions without it")


def main() -> int:
    print("1. generating the student versions (release/) from source/ with nbgrader")
    for path in release.generate():
        print("  ", os.path.relpath(path, ROOT))
    print("2. handing in example submissions (submitted/)")
    # they hold our solutions: readable by the TA alone from the moment they are written, not only once make grade
    # makes the course private (round 52: a student with an account read all 15 meanwhile, and kept them open)
    previous = os.umask(0o077)
    try:
        keep_private(ROOT, ())
        hand_in()
    finally:
        os.umask(previous)
    print("3. autograding with nbgrader (one process per submission, in parallel)")
    import time

    start = time.monotonic()
    unsandboxed, note = sandbox_choice()
    if note:
        print("  " + note)
    outcomes = grade.grade(regrade=True, unsandboxed=unsandboxed, warn=False)
    seconds = time.monotonic() - start
    print()
    print(grade.gradebook_table())
    print()
    print(grade.exercise_table())
    from grader.class_report import write_class_report

    print(f"which exercises the class failed: {write_class_report(ROOT, grade._db_url(ROOT))}")
    for o in outcomes:
        if o.status != "graded":
            print(f"  {o.assignment}/{o.student}: {o.status}: {o.reason}")
    print(f"\n{len(outcomes)} submissions autograded in {seconds:.1f} s")
    print(f"feedback for students: {os.path.join(ROOT, 'feedback')}/<student>/<assignment>/*.html")
    print(f"grades exported to:    {os.path.join(ROOT, 'grades.csv')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
