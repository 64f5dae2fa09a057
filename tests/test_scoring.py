"""Scores come from the grader's verdicts, not from what the student's kernel printed.

Unit tests of the pieces (grader.scores, the output caps of grader.execute), then real
`nbgrader autograde` runs: a submission that forges its score from the kernel (a `pre_run_cell`
hook calling `displayhook`), one that makes every quiz cell report question q1, a cell that will not
stop, 300 MB of output and a deleted test cell; an honest solution keeps full marks.
"""

from __future__ import annotations

import copy
import json
import os
import queue
import sys

import nbformat
import pytest
from nbformat import NotebookNode

from grader import judge, scores
from grader.execute import ResilientExecute
from tests import grading
from grader import grade as grade_tool
from grader.course import ROOT, nbgrader, venv_env
from tools import nbauthor as nba

# One worker: its two graded classes (module fixtures) are built once, not once on each xdist worker.
pytestmark = pytest.mark.xdist_group("scoring")

# ------------------------------------------------------------------ verified_score


def _test_cell(*outputs, grade_id="t", points=2):
    meta = {"nbgrader": {"grade": True, "solution": False, "grade_id": grade_id, "points": points}}
    return NotebookNode(cell_type="code", source="", metadata=meta, outputs=list(outputs))


def test_a_passed_verdict_earns_the_points():
    assert scores.verified_score(_test_cell(), {"t": judge.Verdict(True)}) == 2.0


@pytest.mark.parametrize("output", [
    {"output_type": "execute_result", "data": {"text/plain": "2"}, "metadata": {}, "execution_count": 1},
    {"output_type": "display_data", "data": {"text/plain": "'full marks'"}, "metadata": {}},
    {"output_type": "stream", "name": "stdout", "text": "Score: 2/2\n"},
])
def test_no_output_raises_a_score(output):
    """What nbgrader's determine_grade took as the score (the first execute_result) counts for nothing."""
    assert scores.verified_score(_test_cell(NotebookNode(output)), {"t": judge.Verdict(False, "wrong")}) == 0.0
    assert scores.verified_score(_test_cell(NotebookNode(output)), {}) == 0.0


def test_an_error_lowers_a_passed_verdict():
    output = {"output_type": "error", "ename": "AssertionError", "evalue": "", "traceback": []}
    assert scores.verified_score(_test_cell(NotebookNode(output)), {"t": judge.Verdict(True)}) == 0.0


@pytest.mark.parametrize("text", [
    "[W reducer.cpp:1400] Warning: find_unused_parameters=True was specified in DDP constructor\n",
    "UserWarning: TypedStorage is deprecated\n",
    "INFO:root:epoch 1 loss 0.31\n",
    "100%|##########| 8/8 [00:00<00:00, 812.31it/s]\n",
    "Traceback (most recent call last):\n  (printed by logging.exception, not raised)\n",
])
def test_stderr_costs_nothing(text):
    """Correct code that warns, logs or draws a progress bar on stderr keeps its points: the judges decide."""
    cell = _test_cell(NotebookNode({"output_type": "stream", "name": "stderr", "text": text}))
    assert scores.verified_score(cell, {"t": judge.Verdict(True)}) == 2.0
    assert scores.verified_score(cell, {"t": judge.Verdict(False, "wrong")}) == 0.0


# ------------------------------------------------------------------ output caps, as messages arrive


def _executor(**caps):
    ex = ResilientExecute(**caps)
    ex._replaying, ex._notebook_bytes, ex.clear_before_next_output = False, 0, False
    return ex


def _msg(msg_type, **content):
    return {"msg_type": msg_type, "content": content, "parent_header": {"msg_id": "m"}, "header": {"msg_type": msg_type}, "metadata": {}}


def _kept_bytes(outs):
    return len(json.dumps(outs))


def test_one_huge_line_is_cut_to_the_message_limit_with_a_note():
    ex = _executor(max_message_bytes=1000, max_cell_bytes=5000, max_notebook_bytes=20000)
    cell = NotebookNode(cell_type="code", source="print(...)", metadata={}, outputs=[])
    ex._start_cell(cell)
    ex.output(cell.outputs, _msg("stream", name="stdout", text="x" * 10_000_000), None, 0)
    ex._finish_outputs(cell)
    assert _kept_bytes(cell.outputs) < 3000
    assert "cut about" in cell.outputs[-1].text


def test_display_data_over_the_limit_is_dropped_and_many_small_prints_stop_at_the_cell_limit():
    ex = _executor(max_message_bytes=1000, max_cell_bytes=5000, max_notebook_bytes=8000)
    cell = NotebookNode(cell_type="code", source="", metadata={}, outputs=[])
    ex._start_cell(cell)
    ex.output(cell.outputs, _msg("display_data", data={"text/html": "<b>" * 1_000_000}, metadata={}), None, 0)
    assert cell.outputs == []
    for _ in range(10_000):
        ex.output(cell.outputs, _msg("stream", name="stdout", text="y" * 100 + "\n"), None, 0)
    ex._finish_outputs(cell)
    assert _kept_bytes(cell.outputs) < 1.5 * 5000  # the cell limit, and the JSON around each kept print
    # the notebook's limit holds across cells
    other = NotebookNode(cell_type="code", source="", metadata={}, outputs=[])
    ex._start_cell(other)
    for _ in range(10_000):
        ex.output(other.outputs, _msg("stream", name="stdout", text="z" * 100 + "\n"), None, 1)
    assert ex._notebook_bytes <= 8000


def test_errors_are_kept_shortened_and_displays_of_test_cells_are_not_kept():
    ex = _executor()
    cell = _test_cell()
    ex._start_cell(cell)
    ex.output(cell.outputs, _msg("execute_result", data={"text/plain": "'full marks'"}, metadata={}, execution_count=1), None, 0)
    ex.output(cell.outputs, _msg("error", ename="E", evalue="v" * 100_000, traceback=["t" * 100_000] * 1000), None, 0)
    ex._finish_outputs(cell)
    assert [o.output_type for o in cell.outputs] == ["error", "stream"]
    assert len(json.dumps(cell.outputs)) < 500_000
    assert "removed 1 display output" in cell.outputs[-1].text


def test_hand_overs_are_taken_out_of_the_outputs_and_reports_from_the_kernel_count_for_nothing():
    """A hand-over never enters the notebook (clear_output cannot hide it); one outside a test cell is dropped,
    an oversized one is kept as a failure; an observation the kernel publishes itself is dropped unjudged."""
    from probes import HANDOVER_MIME, MIME, encode

    ex = _executor(max_observation_bytes=10_000)
    ex._handover_queue = queue.SimpleQueue()  # hand-overs are queued for the observer, which this test does not start
    cell = _test_cell()
    cell.source = "from probes import ps1_memory as probe\nprobe.quiz('q1', 'b')\nprobe.quiz('q2', 'a')\n"  # two owed
    ex._start_cell(cell)
    report = {"check": "ps1_memory.quiz", "observation": encode({"question": "q1", "answer": "b"})}
    ex.output(cell.outputs, _msg("display_data", data={MIME: report}, metadata={}), None, 0)
    assert cell.outputs == [] and ex._observations == [] and ex._handovers == []
    handover = {"check": "ps1_memory.quiz", "args": "QUJD"}
    ex.output(cell.outputs, _msg("display_data", data={HANDOVER_MIME: handover}, metadata={}), None, 0)
    taken = [(h.position, h.check, h.args, h.why) for h in ex._handovers]
    assert cell.outputs == [] and taken == [(0, "ps1_memory.quiz", "QUJD", None)]
    ex.output(cell.outputs, _msg("display_data", data={HANDOVER_MIME: {"check": "x", "args": "a" * 50_000_000}},
                                 metadata={}), None, 0)
    assert ex._handovers[1].args is None and "more than" in ex._handovers[1].why
    assert ex._handover_queue.qsize() == 2  # each on its way to the observer as soon as it came
    # past what the cell's source calls for: one more kept (so the judge refuses the cell), never observed; the
    # rest dropped (round 29: a cell that handed over 1,000 checks had each observed)
    for _ in range(5):
        ex.output(cell.outputs, _msg("display_data", data={HANDOVER_MIME: handover}, metadata={}), None, 0)
    assert len(ex._handovers) == 3 and ex._handovers[2].done.is_set() and ex._handovers[2].args is None
    assert "more hand-overs" in ex._handovers[2].payload["failed"] and ex._handover_queue.qsize() == 2
    answer = NotebookNode(cell_type="code", source="", metadata={}, outputs=[])
    ex._start_cell(answer)
    ex.output(answer.outputs, _msg("display_data", data={HANDOVER_MIME: handover}, metadata={}), None, 1)
    assert answer.outputs == [] and ex._handovers == [] and ex._handover_queue.qsize() == 2


# ------------------------------------------------------------------ the course's own test cells


def test_every_graded_test_cell_of_the_course_has_a_probe_call_the_grader_can_bind():
    """A test cell with no probe call scores 0 for everyone (its visible asserts ran where the student rules)."""
    from grader.course import assignments

    found = 0
    for name in assignments():
        source_nb, _ = grading.source_and_release(name)
        for cell in source_nb.cells:
            if not judge.is_test_cell(cell):
                continue
            grade_id = cell.metadata["nbgrader"]["grade_id"]
            calls = judge.probe_calls(cell.source)  # raises Unverifiable for a call it could not count
            assert calls, f"{name}/{grade_id}: a graded test cell without a probe call scores 0 for everyone"
            for call in calls:
                assert call.literals == {} or call.check.endswith(".quiz"), (
                    f"{name}/{grade_id}: {call.check} binds {call.literals}: its report must repeat them by name")
            found += 1
    assert found >= 40


# ------------------------------------------------------------------ real nbgrader autograde of ps1_memory

FORGE_SCORE = (
    "def _forge(*args, **kwargs):\n"
    "    get_ipython().displayhook('full marks')\n"
    "get_ipython().events.register('pre_run_cell', _forge)\n"
)
# Every quiz cell reports question q1, answered right: one answer known, five quiz cells passed?
FORGE_QUESTION = (
    "import probes.ps1_memory as _p\n"
    "_real = _p.report\n"
    "_p.report = lambda check, observation: _real(check, {'question': 'q1', 'answer': 'b'} if check.endswith('quiz') else observation)\n"
)


@pytest.fixture(scope="module")
def ps1_graded():
    source_nb, release_nb = grading.source_and_release("ps1_memory")
    forged = copy.deepcopy(release_nb)  # nothing solved: every answer cell as released, but the first
    first = next(c for c in forged.cells if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code")
    first.source = FORGE_SCORE + first.source
    quiz = {f"quiz_q{i}": f'q{i} = "a"' for i in range(2, 6)}  # wrong answers: only q1 ("b") is known
    quiz["quiz_q1"] = 'q1 = "b"\n' + FORGE_QUESTION
    notebooks = {
        "solution": grading.fill(release_nb, source_nb),
        "forges_score": forged,
        "forges_question": grading.fill(release_nb, source_nb, quiz),
    }
    return grading.grade("ps1_memory", notebooks, workers=1)


@pytest.mark.slow
def test_a_score_forged_from_the_kernel_earns_nothing(ps1_graded):
    """A pre_run_cell hook calling displayhook gave nbgrader 24/24 with nothing solved."""
    cells = ps1_graded.cells["forges_score"]
    earned = {k: v.score for k, v in cells.items() if v.score > 0}
    assert cells and not earned, f"forged points: {earned}"
    shown = {k: v.output for k, v in cells.items() if "full marks" in v.output}
    assert not shown, f"test cells still display what the kernel forged: {sorted(shown)}"


@pytest.mark.slow
def test_an_honest_solution_keeps_full_marks(ps1_graded):
    cells = ps1_graded.cells["solution"]
    lost = {k: v.output[-500:] for k, v in cells.items() if v.score < v.max_score}
    assert cells and not lost, lost


@pytest.mark.slow
def test_a_quiz_cell_is_not_passed_by_a_report_for_another_question(ps1_graded):
    cells = ps1_graded.cells["forges_question"]
    quiz = {k: v.score for k, v in cells.items() if k.startswith("quiz_")}
    assert quiz == {"quiz_q1_correct": 1.0, **{f"quiz_q{i}_correct": 0.0 for i in range(2, 6)}}, quiz
    # the kernel's own report (for question q1, with q1's answer) never reached the grader: each quiz cell
    # was judged on the answer it handed over, and no report was bound to the wrong question
    assert "changed what the grading code reports" not in cells["quiz_q2_correct"].output


# ------------------------------------------------------------------ a tiny course: stuck cells, floods, deleted cells

TINY = [
    nba.code("imports", "import time"),
    nba.solution("square", "def square(x):\n    ### BEGIN SOLUTION\n    return x * x\n    ### END SOLUTION"),
    nba.tests("square_small", (
        '"""square(3)."""\nassert square(3) == 9\n### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n'
        "probe.square(square, 3)\n### END HIDDEN TESTS"), points=1),
    nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
    nba.tests("add_small", (
        '"""add(1, 2)."""\n### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n'
        "probe.add(add, 1, 2)\n### END HIDDEN TESTS"), points=2),
]
STUCK = "def square(x):\n    return x * x\nwhile True:\n    try:\n        time.sleep(1)\n    except KeyboardInterrupt:\n        pass"
FLOOD = (
    "def square(x):\n    return x * x\n"
    "from IPython.display import display, HTML\n"
    "print('x' * 100_000_000)\n"
    "display(HTML('<p>' * 25_000_000))\n"
    "for _ in range(1_000):\n    print('y' * 100_000)\n"
)


@pytest.fixture(scope="module")
def tiny_graded(tmp_path_factory):
    from tools.submissions import fill

    root = tmp_path_factory.mktemp("scoring")
    nba.write(str(root / "source" / "ps0" / "ps0.ipynb"), TINY)
    import shutil

    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), root)
    nbgrader("generate_assignment", "ps0", "--force", cwd=str(root))
    source_nb = nbformat.read(root / "source" / "ps0" / "ps0.ipynb", as_version=4)
    release_nb = nbformat.read(root / "release" / "ps0" / "ps0.ipynb", as_version=4)
    solved = {"square": "def square(x):\n    return x * x", "add": "def add(a, b):\n    return a + b"}
    class_ = {"honest": solved, "stuck": {**solved, "square": STUCK}, "floods": {**solved, "square": FLOOD},
              "deletes_test_cell": solved}
    for student, cells in class_.items():
        nb = fill(release_nb, source_nb, cells)
        if student == "deletes_test_cell":
            nb.cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") != "add_small"]
        folder = root / "submitted" / student / "ps0"
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / "ps0.ipynb")
    peak = _peak_rss([sys.executable, "-m", "nbgrader", "autograde", "ps0", "--Execute.timeout=5", "--log-level=WARN",
                      "--ResilientExecute.unsandboxed=True"], root)
    peak = max(peak, _peak_rss([sys.executable, "-m", "nbgrader", "generate_feedback", "ps0", "--log-level=WARN"], root))
    return root, peak


def _peak_rss(cmd, cwd) -> int:
    """Run an nbgrader command; the largest resident memory of the grader's own process (not its kernels)."""
    import subprocess
    import time

    import psutil

    proc = subprocess.Popen(cmd, cwd=str(cwd), env=venv_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    watched, peak = psutil.Process(proc.pid), 0
    try:
        while proc.poll() is None:
            try:
                peak = max(peak, watched.memory_info().rss)
            except psutil.NoSuchProcess:
                break
            time.sleep(0.05)
        out = proc.communicate()[0]
    finally:
        if proc.poll() is None:  # the test was stopped: leave no grader behind
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, out
    return peak


def _tiny_scores(root, student):
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        nb = gb.find_submission_notebook("ps0", "ps0", student)
        return {g.name: (g.auto_score, g.needs_manual_grade) for g in nb.grades}


def _graded_cell(root, student, grade_id):
    nb = nbformat.read(root / "autograded" / student / "ps0" / "ps0.ipynb", as_version=4)
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


@pytest.mark.slow
def test_honest_tiny_submission_gets_full_marks(tiny_graded):
    root, _ = tiny_graded
    assert _tiny_scores(root, "honest") == {"square_small": (1.0, False), "add_small": (2.0, False)}


@pytest.mark.slow
def test_a_cell_that_will_not_stop_costs_that_cell_only(tiny_graded):
    """It swallows the KeyboardInterrupt of the time limit: the kernel is restarted, the rest is graded."""
    root, _ = tiny_graded
    assert _tiny_scores(root, "stuck") == {"square_small": (0.0, False), "add_small": (2.0, False)}
    text = json.dumps(_graded_cell(root, "stuck", "square").outputs)
    assert "CellDidNotStop" in text and "did not answer the interrupt" in text


@pytest.mark.slow
def test_300mb_of_output_is_cut_while_received(tiny_graded):
    root, peak = tiny_graded
    assert _tiny_scores(root, "floods") == {"square_small": (1.0, False), "add_small": (2.0, False)}
    graded = root / "autograded" / "floods" / "ps0" / "ps0.ipynb"
    feedback = root / "feedback" / "floods" / "ps0" / "ps0.html"
    assert graded.stat().st_size < 3_000_000 and feedback.stat().st_size < 5_000_000
    assert "the grader cut about" in json.dumps(_graded_cell(root, "floods", "square").outputs)
    print(f"\n  grader's peak resident memory, 300 MB of output in one submission: {peak / 2**20:.0f} MiB", file=sys.stderr)
    assert peak < 1_000 * 2**20, f"the grader held {peak / 2**20:.0f} MiB"


@pytest.mark.slow
def test_a_deleted_test_cell_scores_zero_not_to_grade_by_hand(tiny_graded):
    root, _ = tiny_graded
    assert _tiny_scores(root, "deletes_test_cell") == {"square_small": (1.0, False), "add_small": (0.0, False)}
    table = grade_tool.gradebook_table(str(root))
    row = next(line for line in table.splitlines() if line.startswith("deletes_test_cell"))
    assert row.split()[2] == "1/3" and row.split()[3] == "0", table
    # a gradebook written before deleted test cells were scored: the table still counts them as autograded 0
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        gb.find_grade("add_small", "ps0", "ps0", "deletes_test_cell").auto_score = None
        gb.db.commit()
    table = grade_tool.gradebook_table(str(root))
    row = next(line for line in table.splitlines() if line.startswith("deletes_test_cell"))
    assert row.split()[2] == "1/3" and row.split()[3] == "0", table
    assert (0.0, 2.0) in grade_tool.exercise_scores(str(root))[("ps0", "add_small")]



def test_errors_count_in_the_cell_and_notebook_budgets_and_each_failing_cell_still_says_it_failed():
    """40 cells each raising an error with a long traceback once made a 103 MB graded notebook."""
    ex = _executor(max_message_bytes=1000, max_cell_bytes=5000, max_notebook_bytes=20000)
    cells = []
    for index in range(40):
        cell = NotebookNode(cell_type="code", source="raise", metadata={}, outputs=[])
        ex._start_cell(cell)
        for _ in range(20):
            ex.output(cell.outputs, _msg("error", ename="ValueError", evalue="v" * 100_000,
                                         traceback=["t" * 100_000] * 1000), None, index)
        ex._finish_outputs(cell)
        cells.append(cell)
        assert _kept_bytes(cell.outputs) < 5000 + 1500  # the cell's budget, a short error past it and the note
        assert [o.output_type for o in cell.outputs if o.output_type == "error"] == ["error"]
        assert cell.outputs[0].ename == "ValueError"
    assert sum(_kept_bytes(c.outputs) for c in cells) < 20_000 + 40 * 1500
    assert "cut about" in cells[-1].outputs[-1].text


def test_observations_built_to_collide_in_a_hash_table_are_refused():
    """Round 20: ints hash alike in every process (n mod 2^61 - 1), so a student handed back 200,000 distinct multiples
    of 2^61 - 1 and a judge's set() of them took the grading process 229 s in one C call (no time limit stops one);
    a quiz answer decoding to a dict of such keys did the same in the decode itself. Ints past 64 bits, and more than
    MAX_SAME_HASH distinct tuples or dict keys of one hash (tuples of -1 and -2, which hash alike), are refused;
    values that are equal are not counted twice."""
    import itertools

    from probes import wire

    P = 2**61 - 1
    for hostile in ([P * k for k in range(1, 1000)],
                    list(itertools.product((-1, -2), repeat=10)),
                    {"__dict__": [[wire.encode(t), 0] for t in itertools.product((-1, -2), repeat=10)]}):
        data = hostile if isinstance(hostile, dict) else wire.encode(hostile)
        with pytest.raises(ValueError, match="64 bits|of one hash"):
            wire.decode(data)
    honest = [{"memory": 2**40 + i, "stage": (0, 1)} for i in range(2000)] + [(-1, -2)] * 1000
    assert wire.decode(wire.encode(honest)) == honest


def test_ranges_past_64_bits_or_sharing_a_hash_are_refused(monkeypatch):
    """Round 21 (read, not run): a range's bounds were not checked, so range(0, 1000 * P, P) in a report decoded to
    1000 distinct ints past 64 bits sharing one hash, and ranges were not counted as tuples and keys are."""
    from probes import wire

    P = 2**61 - 1
    with pytest.raises(ValueError, match="64 bits"):
        wire.decode(wire.encode([range(0, 1000 * P, P)]))
    with pytest.raises(ValueError, match="bad range"):
        wire.decode({"__range__": [0, 5, 0]})
    assert hash(range(-1, 0)) == hash(range(-2, -1))  # hash(-1) == hash(-2): two distinct ranges, one hash
    assert wire.decode(wire.encode([range(-1, 0), range(-2, -1), range(-1, 0)])) == [range(-1, 0), range(-2, -1)] + [range(-1, 0)]
    monkeypatch.setattr(wire, "MAX_SAME_HASH", 1)
    with pytest.raises(ValueError, match="of one hash"):
        wire.decode(wire.encode([range(-1, 0), range(-2, -1)]))
