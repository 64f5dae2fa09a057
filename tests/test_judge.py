"""The probe/judge protocol: what crosses from the student's kernel to the grader, and how it is judged.

The grading runs in tests/test_grading.py and tests/test_grade_class.py show it end to end; these
tests pin down the parts a submission could attack: the decoder (data only, bounded, strict) and
`judge_cell` (a silenced, forged or malformed observation never earns the points).
"""

import ast
import importlib
import math
import os
import re
import subprocess
import sys

import nbformat
import pytest
import torch
from nbformat import NotebookNode

from grader import judge
from autograders.common import judge_choice
from probes import MIME, encode, outcome
from grader.course import ROOT, assignments, notebook_name


def roundtrip(value):
    return judge.decode(encode(value))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.bfloat16, torch.float16, torch.int64, torch.bool])
def test_tensors_keep_dtype_shape_and_bits(dtype):
    t = (torch.randn(3, 4, 5) * 100).to(dtype)
    back = roundtrip(t)
    assert back.dtype == dtype and back.shape == t.shape and torch.equal(back, t)
    assert roundtrip(torch.tensor(2.5)).shape == ()  # 0-d
    assert roundtrip(torch.empty(0, 7)).shape == (0, 7)
    assert torch.equal(roundtrip(torch.arange(12.0).reshape(3, 4).t()), torch.arange(12.0).reshape(3, 4).t())  # non-contiguous


def test_containers_numbers_and_exceptions_survive():
    value = {"a": (1, [2.5, None, True], "s"), 3: range(1, 7, 2), ("k", 1): float("inf")}
    back = roundtrip(value)
    assert back["a"] == (1, [2.5, None, True], "s") and isinstance(back["a"], tuple)
    assert back[3] == range(1, 7, 2) and back[("k", 1)] == math.inf
    assert math.isnan(roundtrip(float("nan")))
    raised = roundtrip(outcome(int, "x"))["raised"]
    assert isinstance(raised, judge.Raised) and raised.isa("ValueError") and raised.isa("Exception")
    assert "invalid literal" in raised.message

    class Custom(KeyError):
        pass

    assert roundtrip(Custom("k")).isa("LookupError")
    other = roundtrip(object())
    assert isinstance(other, judge.Opaque) and judge.type_name(other) == "object"


@pytest.mark.parametrize("payload, words", [
    ({"__tensor__": "object", "shape": [1], "data": ""}, "bad tensor"),
    ({"__tensor__": "float32", "shape": [2], "data": "AAAA"}, "do not match"),
    ({"__tensor__": "float32", "shape": [10**9], "data": ""}, "elements"),
    ({"__tensor__": "float32", "shape": [-1], "data": ""}, "bad tensor"),
    ({"__pickle__": "gASVBQAAAAAAAAB9lC4="}, "not an observation"),
    ({"__dict__": [[[1], 2]]}, "unhashable"),
    ({"__range__": ["os.system", 1, 1]}, "bad range"),
    ({"__exception__": []}, "bad exception"),
])
def test_the_decoder_refuses_what_probes_never_write(payload, words):
    with pytest.raises(ValueError, match=words):
        judge.decode(payload)


def test_the_decoder_refuses_deep_nesting():
    deep = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(ValueError, match="deeply"):
        judge.decode(deep)


def test_required_checks_come_from_the_cell_source():
    source = ('"""q."""\n### BEGIN HIDDEN TESTS\nfrom probes import ps1_memory as probe\n'
              'probe.quiz("q1", q1)\nprobe.split_model(split_model)\n### END HIDDEN TESTS')
    assert judge.required_checks(source) == ["ps1_memory.quiz", "ps1_memory.split_model"]
    assert judge.required_checks("from probes.common import run_ranks\nrun_ranks('x', f, 2)") == []


def _observation(check, observation):
    return NotebookNode(output_type="display_data", metadata={},
                        data={MIME: {"check": check, "observation": encode(observation)}, "text/plain": "obs"})


def _test_cell(*outputs, source='from probes import ps1_memory as probe\nprobe.quiz("q1", q1)'):
    meta = {"nbgrader": {"grade": True, "solution": False, "grade_id": "quiz_q1", "points": 1}}
    return NotebookNode(cell_type="code", source=source, metadata=meta, outputs=list(outputs))


def _errors(cell):
    return [o for o in cell.outputs if o.output_type == "error"]


def test_a_right_answer_passes_and_the_observation_is_removed():
    printed = NotebookNode(output_type="stream", name="stdout", text="hello\n")
    cell = _test_cell(printed, _observation("ps1_memory.quiz", {"question": "q1", "answer": "b"}))
    assert judge.judge_cell(cell).passed
    assert cell.outputs == [printed]


def test_a_wrong_answer_fails_where_its_probe_reported():
    printed = NotebookNode(output_type="stream", name="stdout", text="after\n")
    cell = _test_cell(_observation("ps1_memory.quiz", {"question": "q1", "answer": "a"}), printed)
    judge.judge_cell(cell)
    assert [o.output_type for o in cell.outputs] == ["error", "stream"]
    assert "'a' is not right" in cell.outputs[0].evalue


def test_a_judges_message_quoting_a_huge_answer_is_cut():
    """Round 12: quiz answers of 10 million characters, quoted by the judge, made a 95 MiB graded notebook."""
    cell = _test_cell(_observation("ps1_memory.quiz", {"question": "q1", "answer": "a" * 3_000_000}))
    verdict = judge.judge_cell(cell)
    assert not verdict.passed
    error = _errors(cell)[0]
    assert len(error.evalue) < judge.MAX_MESSAGE_CHARS + 100 and "more characters cut by the grader" in error.evalue
    assert len(verdict.reason) < judge.MAX_MESSAGE_CHARS + 100 and sum(map(len, error.traceback)) < 2 * judge.MAX_MESSAGE_CHARS


def test_a_silenced_probe_fails_the_cell():
    cell = _test_cell()
    judge.judge_cell(cell)
    assert "reported no result" in _errors(cell)[0].evalue


def test_every_observation_of_a_check_must_pass():
    forged = [_observation("ps1_memory.quiz", {"question": "q1", "answer": a}) for a in "abcd"]
    cell = _test_cell(*forged)
    verdict = judge.judge_cell(cell)
    assert not verdict.passed
    assert len(_errors(cell)) == 1 and "is not right" in _errors(cell)[0].evalue


def test_a_right_report_among_extra_ones_fails_the_cell():
    """One report per probe call: the right answer first, then guesses, is refused."""
    forged = [_observation("ps1_memory.quiz", {"question": "q1", "answer": a}) for a in "bacd"]
    cell = _test_cell(*forged)
    verdict = judge.judge_cell(cell)
    assert not verdict.passed and "4 results for 1 hidden check" in verdict.reason
    assert len(_errors(cell)) == 1


def test_a_quiz_report_must_name_its_own_question():
    """The q3 cell cannot be passed by a report that answers q1 (whose answer the student knows)."""
    source = 'from probes import ps1_memory as probe\nprobe.quiz("q3", q3)'
    cell = _test_cell(_observation("ps1_memory.quiz", {"question": "q1", "answer": "b"}), source=source)
    verdict = judge.judge_cell(cell)
    assert not verdict.passed and "for question 'q3'" in verdict.reason and "'q1'" in verdict.reason
    for observation in ({"answer": "b"}, {"question": b"q3", "answer": "b"}, "b"):
        cell = _test_cell(_observation("ps1_memory.quiz", observation), source=source)
        assert not judge.judge_cell(cell).passed, observation


def test_reports_are_matched_to_calls_in_order():
    source = ('from probes import ps1_memory as probe\nprobe.quiz("q1", q1)\nprobe.quiz("q2", q2)')
    right = [_observation("ps1_memory.quiz", {"question": "q1", "answer": "b"}),
             _observation("ps1_memory.quiz", {"question": "q2", "answer": "c"})]
    assert judge.judge_cell(_test_cell(*right, source=source)).passed
    swapped = _test_cell(*right[::-1], source=source)
    assert not judge.judge_cell(swapped).passed
    duplicated = _test_cell(right[0], right[0], source=source)
    assert not judge.judge_cell(duplicated).passed


def test_probe_calls_bind_literal_arguments_by_parameter_name():
    calls = judge.probe_calls('from probes import ps1_memory as p\np.quiz("q2", answer=q2)\np.split_model(split_model)')
    assert calls == [judge.ProbeCall("ps1_memory.quiz", {"question": "q2"}), judge.ProbeCall("ps1_memory.split_model", {})]
    assert judge.probe_calls("from probes import ps1_memory\nps1_memory.quiz('q5', x)")[0].literals == {"question": "q5"}


@pytest.mark.parametrize("source, words", [
    ("from probes import ps1_memory as p\nfor q in 'ab':\n    p.quiz(q, x)", "statement of its own"),
    ("from probes import ps1_memory as p\nif x:\n    p.quiz('q1', x)", "statement of its own"),
    ("from probes import ps1_memory as p\ny = p.quiz('q1', x)", "statement of its own"),
    ("from probes import ps1_memory as p\np.quiz(*args)", "args"),
    ("from probes import ps1_memory as p\np.no_such_check(f)", "does not exist"),
    ("from probes import ps1_memory as p\np.quiz('q1', x, y, z)", "wrong arguments"),
    ("from probes import ps1_memory as p\np.quiz('q1',", "does not parse"),
])
def test_probe_calls_the_grader_cannot_count_are_refused(source, words):
    with pytest.raises(judge.Unverifiable, match=words):
        judge.probe_calls(source)
    verdict = judge.judge_cell(_test_cell(source=source))
    assert not verdict.passed and "cannot be graded" in verdict.reason


def test_a_test_cell_without_a_probe_call_scores_nothing():
    """Its visible asserts ran in the student's kernel, which the grader cannot believe."""
    cell = _test_cell(source="assert add(1, 2) == 3")
    verdict = judge.judge_cell(cell)
    assert not verdict.passed and "no hidden check" in verdict.reason
    assert "no hidden check" in _errors(cell)[0].evalue


def test_an_observation_for_another_check_does_not_count():
    cell = _test_cell(_observation("ps1_memory.split_model", {}))
    assert not judge.judge_cell(cell).passed
    assert "got a report for 'ps1_memory.split_model'" in _errors(cell)[0].evalue


def test_a_malformed_observation_fails_the_cell_not_the_grader():
    bad = NotebookNode(output_type="display_data", metadata={},
                       data={MIME: {"check": "ps1_memory.quiz", "observation": {"__tensor__": "float32", "shape": [4]}}})
    cell = _test_cell(bad)
    judge.judge_cell(cell)
    assert "could not read what your code produced" in _errors(cell)[0].evalue
    partial = _test_cell(_observation("ps1_memory.quiz", {"question": "q1"}))
    judge.judge_cell(partial)
    assert "could not read" in _errors(partial)[0].evalue


def test_observations_outside_test_cells_are_dropped_unjudged():
    answer = NotebookNode(cell_type="code", source="q1 = 'a'", outputs=[_observation("ps1_memory.quiz", {"question": "q1", "answer": "a"})],
                          metadata={"nbgrader": {"grade": False, "solution": True, "grade_id": "q1"}})
    assert judge.judge_cell(answer) is None
    assert answer.outputs == []


def test_a_cell_that_already_failed_gets_no_second_missing_message():
    raised = NotebookNode(output_type="error", ename="NameError", evalue="name 'q1' is not defined", traceback=[])
    cell = _test_cell(raised)
    assert not judge.judge_cell(cell).passed
    assert cell.outputs == [raised]


def test_report_judges_where_it_is_told_to(monkeypatch):
    """nbval and a maintainer's kernel (DISTCOURSE_JUDGE=kernel) see a wrong solution fail where it runs;
    under the grader, or on a student's machine (unset), the probe only reports."""
    from probes import ps1_memory as probe

    monkeypatch.setenv("DISTCOURSE_JUDGE", "kernel")
    probe.quiz("q1", "b")
    with pytest.raises(AssertionError, match="is not right"):
        probe.quiz("q1", "c")
    monkeypatch.setenv("DISTCOURSE_JUDGE", "grader")
    probe.quiz("q1", "c")  # the grader judges outside this process
    monkeypatch.delenv("DISTCOURSE_JUDGE")
    probe.quiz("q1", "c")  # a student's machine: nothing judges here
    monkeypatch.setenv("DISTCOURSE_JUDGE", "yes")
    with pytest.raises(ValueError, match="'grader'.*'kernel'.*unset"):
        probe.quiz("q1", "b")


def test_kernel_judging_without_the_judges_says_what_to_do(monkeypatch):
    from probes import ps1_memory as probe

    monkeypatch.setenv("DISTCOURSE_JUDGE", "kernel")
    monkeypatch.setitem(sys.modules, "grader.judge", None)  # as on a student's machine: not importable
    with pytest.raises(RuntimeError, match="cannot be imported.*unset DISTCOURSE_JUDGE"):
        probe.quiz("q1", "b")


def test_probes_import_nothing_of_the_judges():
    """The public side depends on neither the secret one nor the machinery: importing every probe imports no
    module of autograders/ or grader/."""
    code = ("import sys, pkgutil, importlib, probes\n"
            "for m in pkgutil.iter_modules(probes.__path__): importlib.import_module('probes.' + m.name)\n"
            "print(sorted(n for n in sys.modules if n.split('.')[0] in ('autograders', 'grader')))")
    env = {k: v for k, v in os.environ.items() if k != "DISTCOURSE_JUDGE"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out


def test_encoder_and_decoder_share_one_depth_limit():
    from probes.wire import MAX_DEPTH, decode, encode

    nested = []
    for _ in range(MAX_DEPTH):
        nested = [nested]
    assert decode(encode(nested)) == nested
    with pytest.raises(ValueError, match="nested too deeply"):
        encode([nested])
    wire = encode(nested)
    with pytest.raises(ValueError, match="nested too deeply"):
        decode([wire])


# --------------------------------------------------------------------------- the judges' room
#
# A judge reads the student's values, and one built to be slow makes one C call that no signal handler
# interrupts (a set() of integers that share a hash took 229 CPU-s in attack round 20). Each report is
# judged in a child of the grading process, killed from outside; these tests patch `run` before the room
# forks (the room runs the patched judge) and judge through a real room.


def _slow_c_call(check, observation):
    sum(range(10**12))  # one C call: minutes, and no Python code runs until it returns


def _judged_in_a_room(monkeypatch, judge_fn, *cells, **limits):
    monkeypatch.setattr(judge, "run", judge_fn)
    for name, value in limits.items():
        monkeypatch.setattr(judge, name, value)
    room = judge.Room()
    try:
        return [judge.judge_cell(cell, room=room) for cell in cells], room
    finally:
        room.close()


def _quiz_cell():
    return _test_cell(_observation("ps1_memory.quiz", {"question": "q1", "answer": "b"}))


def test_a_judgement_in_one_slow_c_call_is_stopped_at_its_cpu_limit(monkeypatch):
    import time

    cell = _quiz_cell()
    start = time.monotonic()
    (verdict,), room = _judged_in_a_room(monkeypatch, _slow_c_call, cell, JUDGE_CPU=1.0)
    assert time.monotonic() - start < 10
    assert not verdict.passed and "took more than 1 s of the grader's CPU" in _errors(cell)[0].evalue
    assert room.pid is None and 0.9 < room.spent < 5  # killed, and its CPU counted


def test_a_judgement_that_waits_is_stopped_at_its_time_limit(monkeypatch):
    import time

    cell = _quiz_cell()
    start = time.monotonic()
    (verdict,), _ = _judged_in_a_room(monkeypatch, lambda check, observation: time.sleep(30), cell, JUDGE_TIMEOUT=0.5)
    assert time.monotonic() - start < 5
    assert not verdict.passed and "took longer than 0.5 s" in _errors(cell)[0].evalue


def test_a_judge_that_dies_costs_its_cell_and_the_next_report_gets_a_new_room(monkeypatch):
    def dies_on_b(check, observation):
        if observation["answer"] == "b":
            os.kill(os.getpid(), 9)  # as the out-of-memory killer would
        raise AssertionError(f"judged {observation['answer']}")

    first, second = _quiz_cell(), _test_cell(_observation("ps1_memory.quiz", {"question": "q1", "answer": "c"}))
    (died, judged), _ = _judged_in_a_room(monkeypatch, dies_on_b, first, second)
    assert not died.passed and "stopped the grader's judge" in _errors(first)[0].evalue
    assert not judged.passed and _errors(second)[0].evalue == "judged c"


def test_a_notebooks_judgements_share_one_cpu_budget(monkeypatch):
    """Each slow report is stopped at JUDGE_CPU; together they stop at NOTEBOOK_JUDGE_CPU, and later
    reports are not judged at all (each would otherwise start a fresh room with a fresh limit)."""
    cells = [_quiz_cell() for _ in range(4)]
    verdicts, room = _judged_in_a_room(monkeypatch, _slow_c_call, *cells, JUDGE_CPU=1.0, NOTEBOOK_JUDGE_CPU=2.0)
    assert not any(v.passed for v in verdicts)
    messages = [_errors(cell)[0].evalue for cell in cells]
    assert "took more than 1 s" in messages[0]
    assert all("was not judged" in m for m in messages[2:]), messages
    assert room.spent < 4


def test_the_room_ends_with_the_grading_process_even_inside_a_c_call(tmp_path):
    """A grading process killed (its submission's time limit, Ctrl-C) leaves no room computing for days."""
    import time

    import psutil

    script = tmp_path / "grading.py"
    script.write_text(
        "import os, sys, time\n"
        f"sys.path.insert(0, {ROOT!r})\n"
        "from grader import judge\n"
        "judge.run = lambda check, observation: sum(range(10**15))\n"
        "room = judge.Room()\n"
        "room.start()\n"
        "judge._write_frame(room._to, __import__('pickle').dumps(('ps1_memory.quiz', {}, [])))\n"
        "print(room.pid, flush=True)\n"
        "time.sleep(1)\n"
        "os._exit(0)\n")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    room = int(out.stdout.split()[0])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            if psutil.Process(room).status() == psutil.STATUS_ZOMBIE:
                break
        except psutil.NoSuchProcess:
            break
        time.sleep(0.1)
    else:
        os.kill(room, 9)
        raise AssertionError("the room went on computing after the grading process ended")


def test_the_room_holds_no_descriptor_of_the_grading_process(monkeypatch, tmp_path):
    """What the room holds is two pipes: not the gradebook, the kernel's sockets or the observer's pipes."""
    held = tmp_path / "held.txt"

    def list_descriptors(check, observation):
        held.write_text(" ".join(sorted(os.listdir("/proc/self/fd"))))
        raise AssertionError("listed")

    with open(os.devnull) as kept_open:
        (verdict,), _ = _judged_in_a_room(monkeypatch, list_descriptors, _quiz_cell())
        assert not verdict.passed
        fds = held.read_text().split()
        assert str(kept_open.fileno()) not in fds
    assert len([fd for fd in fds if int(fd) > 2]) <= 3  # its two pipes, and the listing's own descriptor


def test_a_call_binds_every_literal_argument_including_keywords():
    source = "from probes import selftest as probe\nprobe.world_sum(world_sum, 2, timeout=8)"
    assert judge.probe_calls(source) == [judge.ProbeCall("selftest.world_sum", {"world_size": 2, "timeout": 8})]

    def verdict(observation):
        cell = _test_cell(_observation("selftest.world_sum", observation), source=source)
        return judge.judge_cell(cell)

    assert verdict({"world_size": 2, "timeout": 8, "results": [3.0, 3.0]}).passed
    assert verdict({"world_size": 2, "timeout": 8.0, "results": [3.0, 3.0]}).passed  # a number is a number
    assert not verdict({"world_size": 2, "results": [3.0, 3.0]}).passed  # says nothing about its timeout
    assert not verdict({"world_size": 1, "timeout": 8, "results": [1.0]}).passed  # another call's report
    assert not verdict({"world_size": True, "timeout": 8, "results": [3.0, 3.0]}).passed  # True is not 2
    assert not verdict({"world_size": 2, "timeout": 8, "results": [3.0, 4.0]}).passed  # bound, then judged


# --------------------------------------------------------------------------- quiz hints
#
# A quiz hint is read again before every resubmission: with four choices, a hint that states the
# right choice (its letter, its words or its number) hands the point to anyone who guesses once.
# These tests read each question and its choices from the source notebook, answer every wrong
# letter and check what the student is told.

_CHOICE_MARK = re.compile(r"(?<![\w(])\(?([a-d])\)\s")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:\s*%)?")


def _quiz_questions():
    """(assignment, question, stem, {letter: choice}) for every quiz answer cell of every source notebook."""
    found = []
    for assignment in assignments():
        nb = nbformat.read(os.path.join(ROOT, "source", assignment, notebook_name(assignment)), as_version=4)
        markdown = []
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                markdown.append(cell.source)
                continue
            asked = re.fullmatch(r"quiz_(q\d+)", cell.metadata.get("nbgrader", {}).get("grade_id", ""))
            if asked:
                found.append((assignment, asked.group(1), *_split_choices("\n\n".join(markdown), assignment, asked.group(1))))
            markdown = []
    return found


def _split_choices(text: str, assignment: str, question: str):
    """The stem and the four choices of a question cell ("(a) ...", "a) ...", listed or inline)."""
    marks = list(_CHOICE_MARK.finditer(text))
    starts = [i for i in range(len(marks) - 3) if "".join(m.group(1) for m in marks[i:i + 4]) == "abcd"]
    assert starts, f"{assignment} {question}: no choices (a) to (d) in the markdown before its answer cell"
    marks = marks[starts[-1]:starts[-1] + 4]
    ends = [m.start() for m in marks[1:]] + [len(text)]
    choices = {m.group(1): text[m.end():end].split("\n\n")[0].strip(" \n-") for m, end in zip(marks, ends)}
    return text[:marks[0].start()], choices


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:\.[0-9]+)?", text.lower().replace("`", ""))


def _ngrams(text: str, n: int = 3) -> set:
    words = _words(text)
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def _numbers(text: str) -> set:
    """The numbers written in `text` (not those inside names such as fp16 or q1); 20% also counts as 0.2."""
    found = set()
    for token in _NUMBER.findall(text):
        value = float(token.rstrip(" %"))
        found |= {value, value / 100} if token.endswith("%") else {value}
    return found


def _computed(text: str) -> set:
    """The values of the arithmetic written in `text`, e.g. "2 + (2 + 12) / 4" or "8 x 64"."""
    values = set()
    spelled = re.sub(r"(?<=[\d)])\s*[x×]\s*(?=[\d(])", " * ", text)
    for candidate in re.findall(r"[\d.()][\d.()\s+\-*/]*[\d)]", spelled):
        candidate = candidate.strip()
        while candidate.count("(") > candidate.count(")") and candidate.startswith("("):
            candidate = candidate[1:]
        while candidate.count(")") > candidate.count("(") and candidate.endswith(")"):
            candidate = candidate[:-1]
        if not re.search(r"\d\s*\)?\s*[+\-*/]\s*\(?\s*\d", candidate):
            continue
        try:
            tree = ast.parse(candidate, mode="eval")
        except SyntaxError:
            continue
        if all(isinstance(node, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.operator, ast.unaryop))
               for node in ast.walk(tree)):
            try:
                values.add(float(eval(compile(tree, "<hint>", "eval"))))  # numbers and operators only, checked above
            except ZeroDivisionError:
                continue
    return values


def _letters_named(message: str) -> set:
    """The choice letters a message names as answers: 'c', "c", (c), c), answer c, option (c), ..."""
    named = set()
    for letter in "abcd":
        patterns = [rf"['\"`‘“]{letter}['\"`’”]", rf"\({letter}\)", rf"(?<![\w(]){letter}\)",
                    rf"\b(?:answer|option|choice|letter|key)s?\s*(?:is\s*|was\s*|:\s*|=\s*)?\(?{letter}\b"]
        if any(re.search(p, message, flags=re.IGNORECASE) for p in patterns):
            named.add(letter)
    return named


def _quiz_keys(assignment: str) -> dict:
    return importlib.import_module(f"autograders.{assignment}")._QUIZ


QUESTIONS = _quiz_questions()


@pytest.mark.parametrize("assignment", assignments())
def test_every_quiz_question_has_a_key_and_every_key_a_question(assignment):
    asked = {question for a, question, _, _ in QUESTIONS if a == assignment}
    assert asked and asked == set(_quiz_keys(assignment)), f"{assignment}: questions {sorted(asked)}, keys {sorted(_quiz_keys(assignment))}"
    for question, entry in _quiz_keys(assignment).items():
        assert len(entry) in (2, 3) and entry[0] in "abcd" and len(entry[0]) == 1 and entry[1].strip(), (assignment, question)
        if len(entry) == 3:
            assert set(entry[2]) <= set("abcd") - {entry[0]}, f"{assignment} {question}: a hint for the right letter or no letter"


@pytest.mark.parametrize("assignment, question, stem, choices",
                         [pytest.param(*q, id=f"{q[0]}-{q[1]}") for q in QUESTIONS])
def test_quiz_feedback_never_gives_the_answer_away(assignment, question, stem, choices):
    """Every wrong answer's message helps without naming the right letter, its words or its numbers."""
    keys = _quiz_keys(assignment)
    right = keys[question][0]
    judge_choice(keys, {"question": question, "answer": right})
    others = stem + "\n".join(text for letter, text in choices.items() if letter != right)
    said = _words(choices[right])
    unique_ngrams = _ngrams(choices[right]) - _ngrams(stem) - set().union(*(_ngrams(t) for l, t in choices.items() if l != right))
    unique_numbers = _numbers(choices[right]) - _numbers(others)
    for wrong in sorted(set(choices) - {right}):
        with pytest.raises(AssertionError) as raised:
            judge_choice(keys, {"question": question, "answer": wrong})
        message = str(raised.value)
        where = f"{assignment} {question}, answered {wrong!r}: {message}"
        assert "is not right" in message and "Hint:" in message, where
        assert _letters_named(message) <= {wrong}, f"names a choice other than the student's own: {where}"
        assert f" {' '.join(said)} " not in f" {' '.join(_words(message))} ", f"states the right choice: {where}"
        assert not unique_ngrams & _ngrams(message), f"quotes the right choice {sorted(unique_ngrams & _ngrams(message))}: {where}"
        leaked = {n for n in unique_numbers if any(math.isclose(n, m, rel_tol=0.02) for m in _numbers(message) | _computed(message))}
        assert not leaked, f"gives the right choice's number {sorted(leaked)}: {where}"


def test_a_quiz_hint_can_answer_the_wrong_letter_chosen():
    keys = {"q1": ("b", "Print it.", {"a": "Rows and columns are swapped."}), "q2": ("c", "Count them.")}
    with pytest.raises(AssertionError, match=r"^q1: 'a' is not right\. Rows and columns are swapped\. Hint: Print it\.$"):
        judge_choice(keys, {"question": "q1", "answer": "a"})
    with pytest.raises(AssertionError, match=r"^q1: 'd' is not right\. Hint: Print it\.$"):
        judge_choice(keys, {"question": "q1", "answer": "d"})
    with pytest.raises(AssertionError, match=r"^q2: 'A' is not right\. Hint: Count them\.$"):  # the old form still works
        judge_choice(keys, {"question": "q2", "answer": "A"})
    judge_choice(keys, {"question": "q1", "answer": " B"})


def test_the_quiz_leak_checks_catch_a_hint_that_gives_the_answer_away():
    """The checks above fail on hints that state the letter, the words, the number or the sum of the right choice."""
    choices = {"a": "4", "b": "8", "c": "5.5", "d": "16"}
    assert _letters_named("Hint: the answer is c.") == {"c"} and _letters_named("Hint: not (c)") == {"c"}
    assert _letters_named("q1: 'a' is not right. Hint: count the bytes.") == {"a"}
    assert 5.5 in _computed("2 + (2 + 12) / 4 bytes per parameter") and 512 in _computed("8 x 64 = 512")
    assert 0.2 in _numbers("idle 20% of the time") and 16 not in _numbers("fp16 weights, q16")
    assert _numbers(choices["c"]) - _numbers(" ".join(t for l, t in choices.items() if l != "c")) == {5.5}
    assert ("plain", "mean", "of") in _ngrams("It runs; every rank gets the plain mean of the two ranks' gradients")


def test_a_room_forked_after_the_grading_process_used_torchs_thread_pool_judges_large_tensors(monkeypatch):
    """GNU OpenMP is not fork-safe: a child forked after its parent ran a parallel operation hangs in its own first
    one. The room judges on one thread, so a judge's reference over a wide tensor answers at once."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(2)
    (torch.ones(256, 16384) * 2).sum()  # this process's pool, started

    def wide(check, observation):
        raise AssertionError(f"sum {float((torch.ones(256, 16384) * 2).sum()):g}")

    cell = _quiz_cell()
    try:
        (verdict,), _ = _judged_in_a_room(monkeypatch, wide, cell, JUDGE_TIMEOUT=20.0)
    finally:
        torch.set_num_threads(threads)
    assert _errors(cell)[0].evalue == "sum 8.38861e+06"
