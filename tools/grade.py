"""Autograde a class: every submission in submitted/, in parallel, resumable, one fault costs one submission.

    python -m tools.grade                        # every assignment with submissions, one worker per core
    python -m tools.grade ps1_memory --workers 1
    python -m tools.grade --regrade              # grade again what an earlier run already graded

Each submission is one `nbgrader autograde ASSIGNMENT --student ID` process (nbgrader does the work;
this only schedules it). A submission that takes longer than --submission-timeout is killed with
everything it started and recorded as such; the others go on. Grades nbgrader has recorded are in
the gradebook as soon as each submission finishes, so an interrupted run (Ctrl-C, kill -9) loses
nothing: the next run skips the submissions already graded. At the end: feedback for students
(nbgrader generate_feedback), grades.csv (nbgrader export), a table per exercise and a plot of the
score distribution per exercise next to grades.csv, and grading_report.json with every failure.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass

from autograders import sandbox
from tools.course import ROOT, assignments, nbgrader, notebook_name, venv_env


@dataclass
class Outcome:
    student: str
    assignment: str
    status: str  # graded | failed | timeout | skipped
    seconds: float
    reason: str = ""


def submitted_assignments(root: str = ROOT) -> list[str]:
    return [a for a in assignments(root) if glob.glob(os.path.join(root, "submitted", "*", a))]


def jobs(names: list[str], root: str = ROOT) -> list[tuple[str, str]]:
    """(student, assignment) for every submission folder, in a stable order."""
    found = []
    for name in names:
        for folder in sorted(glob.glob(os.path.join(root, "submitted", "*", name))):
            found.append((os.path.basename(os.path.dirname(folder)), name))
    return found


DONE_MARKER = ".graded"


def already_graded(student: str, assignment: str, root: str = ROOT) -> bool:
    """True when nbgrader finished this submission in an earlier run.

    nbgrader writes the autograded notebook before it executes it, so its presence proves nothing
    after a kill; the marker is written only once `nbgrader autograde` has returned successfully.
    """
    return os.path.exists(os.path.join(root, "autograded", student, assignment, DONE_MARKER))


def ensure_in_gradebook(names: list[str], root: str = ROOT, db_url: str | None = None) -> None:
    """nbgrader autograde needs each assignment's cells in the gradebook; generate_assignment records them.

    Only assignments the gradebook does not know yet are generated: regenerating one that has grades
    is not needed and would rewrite release/.
    """
    from nbgrader.api import Gradebook, MissingEntry

    missing = []
    with Gradebook(db_url or _db_url(root)) as gb:
        for name in names:
            try:
                gb.find_assignment(name)
            except MissingEntry:
                missing.append(name)
    if missing:
        from tools import release

        release.generate(root, missing, _db_args(db_url))


def _db_url(root: str) -> str:
    return f"sqlite:///{os.path.join(root, 'gradebook.db')}?timeout=120"


def _db_args(db_url: str | None) -> list[str]:
    return [f"--CourseDirectory.db_url={db_url}"] if db_url else []


def shard_of(items: list, shard: str | None) -> list:
    """The share of `items` for shard "i/n" (1-based): every n-th item starting at the i-th."""
    if not shard:
        return items
    try:
        index, count = (int(x) for x in shard.split("/"))
    except ValueError:
        raise SystemExit(f"--shard must look like 1/2 (this machine's part / number of machines), not {shard!r}") from None
    if not 1 <= index <= count:
        raise SystemExit(f"--shard {shard}: the part must be between 1 and {count}")
    return items[index - 1 :: count]


def grade_one(student: str, assignment: str, root: str, timeout: float, extra: list[str], sandboxed: bool,
              limits: dict | None = None, db_url: str | None = None) -> Outcome:
    """One `nbgrader autograde` process for one submission, killed with its kernel and ranks on timeout."""
    start = time.monotonic()
    folder = os.path.join(root, "submitted", student, assignment)
    if not glob.glob(os.path.join(folder, "*.ipynb")):
        return Outcome(student, assignment, "failed", 0.0, f"no notebook in submitted/{student}/{assignment}/ (empty submission)")
    cmd = [sys.executable, "-m", "nbgrader", "autograde", assignment, "--student", student, "--force",
           "--log-level=WARN", *_db_args(db_url), *extra]
    with tempfile.TemporaryDirectory(prefix="grade-kernel-") as private:
        env = venv_env()
        # The kernel talks to nbgrader over IPC sockets in this private folder: no TCP ports to
        # collide between parallel graders, and the only part of the grader's world a sandbox sees.
        os.makedirs(os.path.join(private, "runtime"))
        env.update(JUPYTER_RUNTIME_DIR=os.path.join(private, "runtime"))
        cmd += ["--KernelManager.transport=ipc", f"--KernelManager.ip={os.path.join(private, 'runtime', 'ipc')}"]
        if sandboxed:
            # nbgrader starts the kernel through the sandbox kernelspec written here
            sandbox.write_kernelspec(private, root, limits)
            env.update(JUPYTER_PATH=private)
            cmd += [f"--Execute.kernel_name={sandbox.KERNEL_NAME}"]
        proc = subprocess.Popen(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                env=env, start_new_session=True)
        _RUNNING.add(proc)
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            return Outcome(student, assignment, "timeout", time.monotonic() - start,
                           f"grading this submission took longer than {timeout:g} s and was stopped")
        finally:
            _RUNNING.discard(proc)
            if sandboxed:
                sandbox.remove_empty_cgroups()
    seconds = time.monotonic() - start
    graded_nb = os.path.join(root, "autograded", student, assignment, notebook_name(assignment, root))
    if proc.returncode != 0 or not os.path.exists(graded_nb):
        return Outcome(student, assignment, "failed", seconds, _reason(out))
    with open(os.path.join(os.path.dirname(graded_nb), DONE_MARKER), "w") as fh:
        fh.write(f"graded in {seconds:.1f} s\n")
    return Outcome(student, assignment, "graded", seconds)


_RUNNING: set = set()  # nbgrader processes in flight, killed if the run is interrupted


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # nbgrader, its kernel and any ranks the kernel started
    except ProcessLookupError:
        pass
    proc.wait()


def _reason(output: str) -> str:
    """The most useful line of nbgrader's log for a submission it could not grade: its last error."""
    import re

    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for pattern in (r"JSON", r"\b\w+(Error|Exception): "):
        matches = [line for line in lines if re.search(pattern, line)]
        if matches:
            return matches[-1][:300]
    return (lines[-1] if lines else "nbgrader autograde failed without a message")[:300]


class Progress:
    """A one-line progress bar on stderr (no dependency)."""

    def __init__(self, total: int):
        self.total, self.done, self.lock = total, 0, threading.Lock()

    def step(self, label: str) -> None:
        with self.lock:
            self.done += 1
            width = 30
            filled = int(width * self.done / max(self.total, 1))
            bar = f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {label[:50]:<50}"
            if sys.stderr.isatty():
                sys.stderr.write("\r" + bar + ("\n" if self.done == self.total else ""))
            else:  # a log file or CI: one line per submission
                sys.stderr.write(bar.rstrip() + "\n")
            sys.stderr.flush()


class SandboxMissing(SystemExit):
    pass


def grade(names: list[str] | None = None, root: str = ROOT, workers: int | None = None, regrade: bool = False,
          submission_timeout: float = 900.0, extra: list[str] | None = None, feedback: bool = True,
          unsandboxed: bool = False, limits: dict | None = None, db_url: str | None = None,
          shard: str | None = None) -> list[Outcome]:
    """Grade every submission of `names`; see the module docstring.

    Student code runs in the sandbox of autograders.sandbox (`limits` overrides its resource caps).
    Where it cannot run, grading is refused unless `unsandboxed=True` says to run student code with
    the grader's own rights. `db_url` points every nbgrader call at another gradebook (a PostgreSQL
    server shared by several machines); `shard="i/n"` grades only this machine's share.
    """
    names = names or submitted_assignments(root)
    if not names:
        raise SystemExit("nothing to grade: submitted/<student>/<assignment>/ is empty (see `make demo` for an example)")
    why = sandbox.available()
    if why and not unsandboxed:
        raise SandboxMissing(
            f"REFUSING TO GRADE: student code would run unsandboxed, with your rights, because {why}.\n"
            "Install it, or pass --unsandboxed (make grade UNSANDBOXED=1) if you trust every submission."
        )
    sandboxed = why is None and not unsandboxed
    if not sandboxed:
        print("WARNING: grading WITHOUT a sandbox: student code runs with your rights", file=sys.stderr)
    workers = workers or os.cpu_count() or 1
    ensure_in_gradebook(names, root, db_url)
    todo, outcomes = [], []
    for student, assignment in shard_of(jobs(names, root), shard):
        if not regrade and already_graded(student, assignment, root):
            outcomes.append(Outcome(student, assignment, "skipped", 0.0, "graded by an earlier run"))
        else:
            todo.append((student, assignment))
    progress = Progress(len(todo))
    pool = ThreadPoolExecutor(max_workers=workers)
    try:
        futures = {pool.submit(grade_one, s, a, root, submission_timeout, extra or [], sandboxed, limits, db_url): (s, a)
                   for s, a in todo}
        for future in as_completed(futures):
            outcome = future.result()
            outcomes.append(outcome)
            progress.step(f"{outcome.assignment}/{outcome.student} {outcome.status}")
    except KeyboardInterrupt:
        # Stop at once: queued submissions never start, running ones are killed with their kernels.
        # Every grade already recorded stays in the gradebook; the next run resumes after them.
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in list(_RUNNING):
            _kill_group(proc)
        done = sum(o.status == "graded" for o in outcomes)
        print(f"\ninterrupted: {done} submission(s) graded in this run are kept; run again to resume", file=sys.stderr)
        raise
    finally:
        pool.shutdown(wait=True)
    if feedback:
        for name in names:
            nbgrader("generate_feedback", name, *_db_args(db_url), cwd=root, check=False)
    nbgrader("export", "--to", os.path.join(root, "grades.csv"), *_db_args(db_url), cwd=root, check=False)
    with open(os.path.join(root, "grading_report.json"), "w") as fh:
        json.dump([asdict(o) for o in sorted(outcomes, key=lambda o: (o.assignment, o.student))], fh, indent=1)
    return outcomes


def _is_test_grade(grade, answers: set) -> bool:
    """An autograded test cell's grade (a graded code cell that is not an answer): 0 when deleted, never by hand."""
    return grade.cell.cell_type == "code" and grade.name not in answers


def _answer_names(notebook) -> set:
    return {c.name for c in notebook.solution_cells}


def exercise_scores(root: str = ROOT, db_url: str | None = None) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """(assignment, grade cell) -> [(score, max score)] over the autograded submissions.

    A test cell that a submission deleted counts as 0 (an old gradebook may hold no score for it).
    """
    from nbgrader.api import Gradebook

    scores: dict = {}
    with Gradebook(db_url or _db_url(root)) as gb:
        for assignment in gb.assignments:
            for sub in assignment.submissions:
                for nb in sub.notebooks:
                    answers = _answer_names(nb.notebook)
                    for g in nb.grades:
                        if g.auto_score is not None or _is_test_grade(g, answers):
                            scores.setdefault((assignment.name, g.name), []).append((float(g.score or 0), float(g.max_score)))
    return scores


def exercise_table(root: str = ROOT, db_url: str | None = None) -> str:
    rows = ["| assignment | graded cell | mean | full marks |", "| --- | --- | --- | --- |"]
    for (assignment, cell), values in sorted(exercise_scores(root, db_url).items()):
        mean = sum(s for s, _ in values) / len(values)
        full = sum(1 for s, m in values if s >= m)
        rows.append(f"| {assignment} | {cell} | {mean:.2f} / {values[0][1]:g} | {full} of {len(values)} |")
    return "\n".join(rows)


def plot_distribution(root: str = ROOT, db_url: str | None = None) -> str | None:
    """A histogram of the fraction of points per exercise, saved next to grades.csv."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    scores = exercise_scores(root, db_url)
    if not scores:
        return None
    keys = sorted(scores)
    cols = min(4, len(keys))
    rows = (len(keys) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(3.2 * cols, 2.4 * rows), squeeze=False)
    for ax, key in zip(axes.flat, keys):
        fractions = [s / m if m else 0 for s, m in scores[key]]
        ax.hist(fractions, bins=[0, 0.2, 0.4, 0.6, 0.8, 1.0001], color="tab:blue", edgecolor="white")
        ax.set_title(f"{key[0]}\n{key[1]}", fontsize=7)
        ax.set_xlim(0, 1)
        ax.tick_params(labelsize=6)
    for ax in list(axes.flat)[len(keys):]:
        ax.axis("off")
    fig.supxlabel("fraction of the cell's points", fontsize=8)
    fig.supylabel("submissions", fontsize=8)
    fig.tight_layout()
    path = os.path.join(root, "grades_by_exercise.png")
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return path


def gradebook_table(root: str = ROOT, db_url: str | None = None) -> str:
    """Per student and assignment: autograded score, points still to grade by hand.

    "By hand" are the answer cells that have no score yet (written answers); a test cell that the
    submission deleted is autograded with 0, not left to the TA.
    """
    from nbgrader.api import Gradebook

    lines = [f"{'student':<24} {'assignment':<18} {'autograded':>10}  {'to grade by hand':>16}"]
    with Gradebook(db_url or _db_url(root)) as gb:
        for assignment in gb.assignments:
            for sub in sorted(assignment.submissions, key=lambda s: s.student.id):
                auto, manual = [], 0.0
                for nb in sub.notebooks:
                    answers = _answer_names(nb.notebook)
                    for g in nb.grades:
                        if g.auto_score is not None or _is_test_grade(g, answers):
                            auto.append(g)
                        else:
                            manual += g.max_score
                score = f"{sum(g.score or 0 for g in auto):g}/{sum(g.max_score for g in auto):g}"
                lines.append(f"{sub.student.id:<24} {assignment.name:<18} {score:>10}  {manual:>12g} pts")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="assignments (default: all that have submissions)")
    parser.add_argument("--workers", type=int, default=None, help="parallel submissions (default: number of cores)")
    parser.add_argument("--regrade", action="store_true", help="grade again submissions graded by an earlier run")
    parser.add_argument("--submission-timeout", type=float, default=900.0, help="seconds one submission may take")
    parser.add_argument("--course-dir", default=ROOT)
    parser.add_argument("--db-url", default=os.environ.get("DISTCOURSE_DB_URL"),
                        help="gradebook URL, e.g. postgresql+psycopg2://user@host/db shared by several machines "
                             "(default: $DISTCOURSE_DB_URL, else gradebook.db in the course directory)")
    parser.add_argument("--shard", default=None, help="i/n: grade only this machine's share, e.g. 1/2 and 2/2")
    parser.add_argument("--unsandboxed", action="store_true",
                        help="run student code without the sandbox, with your rights (only where bubblewrap is missing)")
    args = parser.parse_args(argv)
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    start = time.monotonic()
    outcomes = grade(args.names, args.course_dir, args.workers, args.regrade, args.submission_timeout,
                     unsandboxed=args.unsandboxed, db_url=args.db_url, shard=args.shard)
    seconds = time.monotonic() - start
    print()
    print(gradebook_table(args.course_dir, args.db_url))
    print()
    print(exercise_table(args.course_dir, args.db_url))
    plot = plot_distribution(args.course_dir, args.db_url)
    problems = [o for o in outcomes if o.status in ("failed", "timeout")]
    if problems:
        print("\nsubmissions that could not be graded in full:")
        for o in problems:
            print(f"  {o.assignment}/{o.student}: {o.status}: {o.reason}")
    graded = sum(o.status == "graded" for o in outcomes)
    print(f"\n{graded} submission(s) graded in {seconds:.1f} s"
          f" ({sum(o.status == 'skipped' for o in outcomes)} already graded, skipped; --regrade to redo)")
    print(f"feedback: {os.path.join(args.course_dir, 'feedback')}/<student>/<assignment>/   "
          f"grades: {os.path.join(args.course_dir, 'grades.csv')}   plot: {plot}")
    print("written answers: `make lab`, then nbgrader's Formgrader")
    return 0


if __name__ == "__main__":
    sys.exit(main())
