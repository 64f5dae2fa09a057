"""Grading a class survives load and interruption: SQLite under parallel writers, resume after kill -9."""

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.tiny_course import ROOT, expected, make_course, scores
from grader import grade
from grader.course import venv_env

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("grade_resume")]


def _scores(root):
    return scores(f"sqlite:///{root / 'gradebook.db'}")


def test_six_parallel_graders_share_one_sqlite_gradebook(tmp_path):
    """Six nbgrader processes write one SQLite gradebook at once: nothing locked, nothing lost."""
    root = make_course(tmp_path, 12)
    outcomes = grade.grade(["ps0_tiny"], str(root), workers=6, feedback=False)
    assert [o for o in outcomes if o.status != "graded"] == []
    scores = _scores(root)
    assert scores == {f"student{i:02d}": expected(i) for i in range(12)}


def test_a_killed_run_resumes_without_losing_or_repeating_grades(tmp_path):
    """kill -9 after a submission is marked finished: the next run skips every marked one, grades every
    other one (a grade nbgrader recorded in the instant before its marker is graded again, to the same
    score), and no grade changes. The kill waits for a marker, not for scores: deterministic."""
    root = make_course(tmp_path, 6)
    cmd = [sys.executable, "-m", "grader.grade", "ps0_tiny", "--course-dir", str(root), "--workers", "1"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=venv_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)

    def marked():
        return [s for s in (f"student{i:02d}" for i in range(6))
                if os.path.exists(root / "autograded" / s / "ps0_tiny" / grade.DONE_MARKER)]

    deadline = time.monotonic() + 240
    while not marked() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)  # a power cut: no chance to clean up
    proc.wait()
    done_before, before = marked(), _scores(root)
    assert 1 <= len(done_before) < 6, f"the kill came too late or too early to test resuming: {done_before}"
    assert set(done_before) <= set(before), "a submission was marked finished without its grades"
    outcomes = grade.grade(["ps0_tiny"], str(root), workers=2, feedback=False)
    status = {o.student: o.status for o in outcomes}
    assert all(status[s] == "skipped" for s in done_before), status
    assert all(status[s] == "graded" for s in status if s not in done_before), status
    after = _scores(root)
    assert after == {f"student{i:02d}": expected(i) for i in range(6)}
    assert all(after[s] == before[s] for s in before), "a grade recorded before the kill changed"


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_at_once_and_keeps_what_was_graded(tmp_path, signum):
    """Ctrl-C, and SIGTERM (`docker stop`, `timeout`, a scheduler's cancel) alike: running submissions are killed
    with their kernels and what they left half-made goes; every grade recorded stays."""
    root = make_course(tmp_path, 12)
    # the gradebook is read once before the run: the first read imports nbgrader's database layer, which took
    # longer on a loaded machine than grading the whole class, so the interrupt came after the run had ended
    assert _scores(root) == {}
    cmd = [sys.executable, "-m", "grader.grade", "ps0_tiny", "--course-dir", str(root), "--workers", "1"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=venv_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 240
    while len(_scores(root)) < 1 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    proc.send_signal(signum)
    start = time.monotonic()
    _, err = proc.communicate(timeout=60)
    assert time.monotonic() - start < 20, "Ctrl-C waited for the queued submissions"
    assert "interrupted" in err and "run again to resume" in err, err[-2000:]
    kept = _scores(root)
    assert 1 <= len(kept) < 12 and all(kept[s] == expected(int(s[-2:])) for s in kept)
    assert not os.listdir(root / grade.GRADING_FOLDER), "a grading cut short left its first pass"


@pytest.mark.parametrize("cgroups", [False, True])
def test_without_cgroups_submissions_are_graded_one_at_a_time(tmp_path, monkeypatch, capsys, cgroups):
    """Without cgroups (an ordinary user's grader) every sandbox shares one per-user process cap, so a
    submission that forks up to it would starve one graded beside it (round 3 of attacks: an honest
    student lost 4 points): then no two submissions are in flight at once, no kernel started early. With
    cgroups (root) they overlap: the same measure shows it, so the check can fail."""
    import threading

    monkeypatch.setattr(grade.sandbox, "cgroups_possible", lambda: cgroups)
    lock, state = threading.Lock(), {"now": 0, "most": 0}
    real_start, real_finish = grade.Submission.start, grade.Submission.finish

    def start(self, server, **kwargs):
        with lock:
            state["now"] += 1
            state["most"] = max(state["most"], state["now"])
        return real_start(self, server, **kwargs)

    def finish(self, timeout):
        try:
            return real_finish(self, timeout)
        finally:
            with lock:
                state["now"] -= 1

    monkeypatch.setattr(grade.Submission, "start", start)
    monkeypatch.setattr(grade.Submission, "finish", finish)
    root = make_course(tmp_path, 4)
    outcomes = grade.grade(["ps0_tiny"], str(root), workers=2, feedback=False)
    err = capsys.readouterr().err
    assert [o for o in outcomes if o.status != "graded"] == [], err[-3000:]
    assert _scores(root) == {f"student{i:02d}": expected(i) for i in range(4)}, err[-3000:]
    if cgroups:
        assert state["most"] >= 2, "with cgroups the run did not overlap submissions: this test proves nothing"
    else:
        assert state["most"] == 1, f"{state['most']} submissions in flight at once without cgroups"
        assert "one submission at a time" in err, err[-3000:]


def test_a_grading_that_does_not_finish_changes_no_grade(tmp_path, monkeypatch):
    """Round 55: nbgrader finished a regrade of a changed hand-in and recorded its scores, then the grader found the
    host's OOM killer had taken its kernel and failed it as the grader's fault; the gradebook kept the new attempt's
    scores while autograded/ and the feedback page (which release_feedback sends) kept the first grading's. A grading
    that does not finish now changes no grade anywhere: an earlier finished grading stays whole, and a submission
    never graded before has no automatic score."""
    from tests.tiny_course import WRONG, fill
    import nbformat

    root = make_course(tmp_path, 2)
    honest = root / "submitted" / "student01" / "ps0_tiny" / "ps0_tiny.ipynb"
    assert {o.student: o.status for o in grade.grade(["ps0_tiny"], str(root), workers=1, feedback=True)} == {
        "student00": "graded", "student01": "graded"}
    first = _scores(root)
    assert first == {"student00": expected(0), "student01": expected(1)}
    page = root / "feedback" / "student01" / "ps0_tiny" / "ps0_tiny.html"
    marker = root / "autograded" / "student01" / "ps0_tiny" / grade.DONE_MARKER
    page_before, marker_before = page.read_text(), marker.read_text()
    url = f"sqlite:///{root / 'gradebook.db'}"
    record = grade.automatic_scores(url, "student01", "ps0_tiny")  # scores, comments, timestamp, late penalties
    # student01 hands in a wrong answer (nbgrader would record 1 of 3) with another date (round 57: the failed
    # attempt's timestamp and comments stood), and a newcomer hands in for the first time
    source_nb = nbformat.read(root / "source" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    release_nb = nbformat.read(root / "release" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    nbformat.write(fill(release_nb, source_nb, WRONG), honest)
    (honest.parent / "timestamp.txt").write_text("2026-10-01 00:00:00.000000 UTC")
    (root / "submitted" / "student02" / "ps0_tiny").mkdir(parents=True)
    nbformat.write(fill(release_nb, source_nb, {}), root / "submitted" / "student02" / "ps0_tiny" / "ps0_tiny.ipynb")
    monkeypatch.setattr(grade.sandbox, "killed_by_host_oom", lambda paths: True)  # nbgrader has recorded by then
    outcomes = {o.student: o for o in grade.grade(["ps0_tiny"], str(root), workers=1, feedback=True)}
    for student in ("student01", "student02"):
        assert outcomes[student].status == "failed" and outcomes[student].reason.startswith(grade.GRADER_FAULT), (
            outcomes[student])
    assert outcomes["student00"].status == "skipped"
    assert _scores(root) == first, "a grading that did not finish changed the gradebook"
    assert grade.automatic_scores(url, "student01", "ps0_tiny") == record
    assert page.read_text() == page_before and marker.read_text() == marker_before
    assert not (marker.parent / grade.REGRADING_MARKER).exists()
    # a regrade killed after nbgrader recorded part of it (round 57): its marker keeps the record, the gradebook holds
    # a mix; the next run grades it again rather than skip it, and puts the record back if that fails too
    from nbgrader.api import Gradebook

    (marker.parent / grade.REGRADING_MARKER).write_text(__import__("json").dumps(record))
    with Gradebook(url) as gb:
        for g in gb.find_submission_notebook("ps0_tiny", "ps0_tiny", "student01").grades:
            g.auto_score = 0.5
        gb.db.commit()
    assert not grade.already_graded("student01", "ps0_tiny", str(root))
    again = {o.student: o.status for o in grade.grade(["ps0_tiny"], str(root), workers=1, feedback=False)}
    assert again["student01"] == "failed", again
    assert grade.automatic_scores(url, "student01", "ps0_tiny") == record
    assert not (marker.parent / grade.REGRADING_MARKER).exists()
    with Gradebook(url) as gb:
        newcomer = gb.find_submission_notebook("ps0_tiny", "ps0_tiny", "student02")
        assert [g.auto_score for g in newcomer.grades if g.auto_score is not None] == [], "a never-graded hand-in scored"
    assert not (root / "autograded" / "student02").exists() and not (root / "feedback" / "student02").exists()
