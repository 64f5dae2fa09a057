"""What a hand-in makes the grader's own side hold is capped, and costs that hand-in only.

The kernel is capped by its sandbox; these are the grader's host-side processes, which never run student
code but read what the student handed in and what the kernel sends: a notebook of millions of empty
lists (a few MB on disk, gigabytes once parsed), a kernel message of many large frames, a markdown
answer the sanitiser takes minutes over. Each is tried through `make grade`'s path beside honest students.
"""

import json
import os

import nbformat
import pytest

from tests.tiny_course import expected, make_course, scores
from grader import grade, sandbox
from tools.submissions import fill

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("grade_resume")]


def _hand_in(root, student, overrides=None, edit=None):
    source_nb = nbformat.read(root / "source" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    release_nb = nbformat.read(root / "release" / "ps0_tiny" / "ps0_tiny.ipynb", as_version=4)
    nb = fill(release_nb, source_nb, overrides or {})
    if edit:
        edit(nb)
    nbformat.write(nb, root / "submitted" / student / "ps0_tiny" / "ps0_tiny.ipynb")


# The kernel sends one message of 40 frames of 64 MiB (it holds 64 MiB itself: the same bytes each time).
FRAMES = '''
def square(x):
    return x * x
_k = get_ipython().kernel
_big = bytes(64 << 20)
_k.session.send(_k.iopub_socket, "display_data", {"data": {"text/plain": "x"}, "metadata": {}, "transient": {}},
                parent=_k.get_parent(), buffers=[_big] * 40)
import time
time.sleep(5)  # the cell still runs while the grader receives the message
del _big
'''


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """One class, graded once with feedback: a kernel message of 40 x 64 MiB (student00), a notebook of a
    million lists (student01), a notebook beside 1,500 folders (student02), three honest students after them, and an
    answer of 45,000 unclosed hidden-test markers (student06)."""
    root = make_course(tmp_path_factory.mktemp("grader-memory"), 6)
    _hand_in(root, "student00", {"square": FRAMES})

    def pad(nb):  # 3 MB of "[]": under the size cap, but about 1 GB once parsed by each of nbgrader's copies
        nb.cells[0].metadata["padding"] = [[] for _ in range(1_000_000)]

    _hand_in(root, "student01", edit=pad)
    for i in range(1500):
        (root / "submitted" / "student02" / "ps0_tiny" / f"d{i}").mkdir()
    # round 16: 45,000 "### BEGIN HIDDEN TESTS" lines and no END in the student's own answer (comments: they run in
    # no time), on which the feedback's hidden-test regex is quadratic: its page ran out its 120 s
    (root / "submitted" / "student06" / "ps0_tiny").mkdir(parents=True)
    _hand_in(root, "student06", {"square": "def square(x):\n    return x * x\n" + "### BEGIN HIDDEN TESTS\n" * 45_000})
    # a cell may run 20 s (the message's cell sleeps 5), and a kernel answer within 30 s (one forked from the template
    # starts in under 1 s): the cell whose message was dropped, and the kernel that then no longer answers, are
    # waited for that long, not the 60 s of nbgrader's defaults
    taken = []
    with pytest.MonkeyPatch.context() as patch:
        # as root: a pool of two host uids for six submissions (round 16: uids never came back, and past the pool's
        # size every submission ran as the shared uid)
        patch.setattr(sandbox, "HOST_UID_POOL", sandbox.HOST_UID_POOL[-2:])  # the end other runs reach last
        take = grade.HostUids.take
        patch.setattr(grade.HostUids, "take", lambda self, *a, **k: taken.append(take(self, *a, **k)) or taken[-1])
        grade._host_uids.cache_clear()
        try:
            outcomes = {o.student: o for o in grade.grade(["ps0_tiny"], str(root), workers=1,
                                                          extra=["--Execute.timeout=20", "--Execute.startup_timeout=30"])}
        finally:
            grade._host_uids.cache_clear()
    return root, outcomes, taken


HONEST = ("student03", "student04", "student05")


def test_a_kernel_message_larger_than_the_graders_cap_fails_that_submission_only(graded):
    root, outcomes, _ = graded
    assert outcomes["student00"].status == "failed", outcomes["student00"]
    # in the grader's words, from the exception its grading child caught: out of memory, or (where ZeroMQ could not
    # allocate the message and dropped it) the cell's time limit, which the cell then ran into
    assert any(words in outcomes["student00"].reason for words in ("memory", "time limit")), outcomes["student00"]
    assert {s: v for s, v in scores(f"sqlite:///{root / 'gradebook.db'}").items() if s in HONEST} == {
        s: expected(int(s[-2:])) for s in HONEST}


def test_a_notebook_of_millions_of_lists_is_refused_before_it_is_read(graded):
    _, outcomes, _ = graded
    assert outcomes["student01"].status == "refused"
    assert "JSON lists and objects" in outcomes["student01"].reason and "Clear" in outcomes["student01"].reason


def test_each_student_gets_a_feedback_page_of_their_own_and_the_report_says_so(graded):
    root, outcomes, _ = graded
    assert {outcomes[s].feedback for s in HONEST} == {"written"}
    for s in HONEST:
        page = root / "feedback" / s / "ps0_tiny" / "ps0_tiny.html"
        assert page.exists() and "square" in page.read_text()
    report = {r["student"]: r for r in json.loads((root / "grading_report.json").read_text())}
    assert [report[s]["feedback"] for s in HONEST] == ["written"] * 3
    assert not (root / "feedback" / "student01").exists(), "a refused hand-in gets no page"


def test_a_hand_in_of_many_empty_folders_is_graded_on_its_notebook_alone(graded):
    """1,500 folders beside the notebook: the grader takes the notebook only; nbgrader never walks or copies them."""
    root, outcomes, _ = graded
    assert outcomes["student02"].status == "graded", outcomes["student02"]
    assert sorted(os.listdir(root / "autograded" / "student02" / "ps0_tiny")) == sorted(["ps0_tiny.ipynb", grade.DONE_MARKER])
    assert all(outcomes[s].status == "graded" for s in HONEST)


@pytest.mark.skipif(os.geteuid() != 0, reason="host uids of their own are what a root grader gives")
def test_host_uids_come_back_and_no_sandbox_runs_as_the_shared_uid(graded):
    """Round 16 (root): a submission's host uid was given back only if no process of it was left at that moment, and
    its sandbox's bwrap processes were not reaped yet; past 64 submissions (here: two) every later one shared uid
    65534, where round 14's hog zeroed an honest ps2. Six submissions were graded here (one refused before any
    sandbox), each with a uid of the pool of two, never the shared one."""
    _, outcomes, taken = graded
    assert len(taken) == sum(o.status != "refused" for o in outcomes.values()) == 6, (taken, outcomes)
    assert None not in taken and set(taken) <= set(sandbox.HOST_UID_POOL[-2:]), taken


def test_markers_without_an_end_in_an_answer_cost_its_page_nothing(graded):
    """Round 16 (ordinary user): the feedback's hidden-test regex was quadratic on many BEGIN lines with no END; one
    such page took its whole 120 s limit, and every later page and the end of the run waited for it. The regions
    are now found in one pass: the page is written, with full marks."""
    root, outcomes, _ = graded
    assert outcomes["student06"].status == "graded" and outcomes["student06"].feedback == "written", outcomes["student06"]
    assert (root / "feedback" / "student06" / "ps0_tiny" / "ps0_tiny.html").exists()
