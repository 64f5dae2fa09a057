"""Hostile students against the real `make grade` path: a grade only the grader can give.

Each attacker is a real ps1_memory notebook (the release, answers filled or left empty, some cells
overridden by an attack from tests/attacks/payloads.py), handed in to a temporary course and graded
by `python -m grader.grade` in the sandbox, a whole class per run. The course sits in a world with
secrets in it (canaries in the course, the gradebook, the solution, a TA's home outside /tmp,
another checkout, a database password in the grader's environment). After the run the tests check
that the run completed, every attacker scored what it solved and nothing more, honest students kept
full marks, no secret reached any output (graded notebooks, feedback, grading_report.json,
grades.csv), and nothing outside the sandbox changed (checksums of the course's files, the checkout's
probes/, helpers/, autograders/ and the virtual environment's .pth files).

Four gradings: the main class (sandboxed, as root, 2 workers), a class under lowered resource limits
(memory, /tmp, CPU), a class graded with --unsandboxed, and the main attacks again as uid 65534
(skipped where that user cannot run the virtual environment's interpreter). Numbers in test names
(test_1_ ... test_11_) are the findings of the security review "Grades only the grader can give";
test_own_ are attacks beyond it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import nbformat
import pytest

from tests.attacks import harness as h
from tests.attacks import payloads as p
from tools.submissions import Submission

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("attacks")]

POINTS = h.test_points()
FULL = sum(POINTS.values())


def _quiz_keys():
    from autograders.ps1_memory import _QUIZ  # the test may read the keys; the attackers may not

    return {q: entry[0] for q, entry in _QUIZ.items()}


def _wrong(question: str) -> str:
    return next(letter for letter in "abcd" if letter != _quiz_keys()[question])


def _only_q1_right(nb):
    for cell in nb.cells:
        grade_id = h._nbgrader_meta(cell).get("grade_id", "")
        if re.fullmatch(r"quiz_q\d", grade_id):
            question = grade_id.split("_")[1]
            letter = _quiz_keys()[question] if question == "q1" else _wrong(question)
            cell.source = f"{question} = {letter!r}"
    return nb


def _forged_metadata():
    """The notebook's JSON claims more: a bonus test cell, 100 points on a quiz, a duplicate test cell."""
    nb = h.empty()
    by_id = {h._nbgrader_meta(c).get("grade_id"): c for c in nb.cells}
    by_id["quiz_q1_correct"].metadata["nbgrader"]["points"] = 100
    bonus = nbformat.v4.new_code_cell("print('free points')")
    bonus.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "points": 100,
                                  "grade_id": "bonus_points", "schema_version": 3, "task": False}
    nb.cells.append(bonus)
    twin = nbformat.from_dict(json.loads(json.dumps(by_id["split_model_stages"])))
    twin.source = "assert True"
    nb.cells.insert(nb.cells.index(by_id["split_model_stages"]), twin)
    answer = by_id["training_memory"]
    answer.metadata["nbgrader"].update(grade=True, solution=False, locked=True, points=50)
    answer.source = "pass"
    return nb


# ============================================================================== the main class (sandboxed, as root)

XSS = "xss_mark_distcourse"


def _main_class(world: h.World, port: int) -> dict:
    paths = dict(course=world.course, checkout=h.ROOT, home=world.home, other=world.other, site=h.SITE_PACKAGES,
                 helpers=os.path.join(h.ROOT, "helpers"), port=port)
    students = {"aa_honest": h.honest(), "zz_honest": h.honest()}
    for name, code in p.FORGERS.items():  # 1
        students[name] = h.empty({"training_memory": code})
    key = _quiz_keys()["q1"]
    students["f2_quiz_rebind"] = _only_q1_right(h.empty({"training_memory": p.quiz_rebind(key)}))  # 2
    students["f2_publish_by_hand"] = _only_q1_right(h.empty({"training_memory": p.publish_by_hand(key)}))
    students["r3_root"] = h.empty({"training_memory": p.attack(p.ROOT_ESCAPE, student="r3_root", **paths)})  # 3
    students["l4_links"] = h.empty({"training_memory": p.attack(p.PLANT_LINKS, **paths)})  # 4
    reader = h.empty({"training_memory": p.attack(p.READ_EVERYTHING, **paths)})  # 6
    reader.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    students["e6_reads_everything"] = reader
    students["d7_fills_disk"] = h.empty({"training_memory": p.attack(p.DISK_WRITER)})  # 7
    students["o8_floods_output"] = h.solved(append={"quiz_q1": p.PRINT_100MB, "quiz_q2": p.DISPLAY_100MB})  # 8
    students["o8_floods_stdin"] = h.solved(append={"quiz_q3": p.STDIN_FLOOD})
    students["t9_swallows_interrupt"] = h.solved(append={"quiz_q5": p.SWALLOW_INTERRUPT})  # 9
    deleted = h.solved()  # 10
    deleted.cells = [c for c in deleted.cells if h._nbgrader_meta(c).get("grade_id") != "partition_layers_optimal"]
    students["x10_deletes_test_cell"] = deleted
    (assumed_fp32,) = Submission.load(os.path.join(h.ROOT, "tests", "submissions", h.ASSIGNMENT, "assumed_fp32.py"))
    students["x10_asks_the_oracle"] = h.solved(assumed_fp32.cells)
    students["m_forges_metadata"] = _forged_metadata()  # own attacks
    students["k_kills_parent"] = h.empty({"training_memory": p.attack(p.KILL_PARENT)})
    true_pdm = _solution("per_device_memory")  # hidden checks observed out of reach: see payloads
    students["o1_replaces_probe"] = h.empty({"per_device_memory": p.replace_probe_in_kernel(true_pdm, "per_device_memory")})
    students["o2_injects_from_child"] = h.solved({"per_device_memory": p.inject_from_child(
        true_pdm, "per_device_memory", "ps1_memory.per_device_memory")})
    students["o3_kills_observer"] = h.solved(append={"partition_layers": p.kill_observer("partition_layers")})
    students["o4_leaves_a_killer"] = h.solved(append={"training_memory": p.leave_a_killer("training_memory")})
    students["w_injects_script"] = tagged = h.empty({
        "training_memory": p.script_injection(XSS),
        "written_ddp_fit": f"<script>window.{XSS}_md = 1</script>\n\n<img src=x onerror=\"window.{XSS}_img = 1\">\n\n"
                           f"[notes](javascript:window.{XSS}_link=1)\n\n"
                           # round 34: elements of the grade ids Formgrader looks up, with its cells' class
                           '<span id="written_pipeline_vs_sharding"></span><div class="nbgrader_cell" '
                           'id="training_memory_counts_tensors">x</div>'})
    # round 35: cell metadata the page's templates use (a tag becomes a class of the cell, escaped, not split)
    for cell in tagged.cells:
        cell.metadata.update(tags=["x hidden nbgrader_cell"], jupyter={"source_hidden": True}, collapsed=True)
    tagged.cells.insert(0, nbformat.v4.new_raw_cell(  # round 35: a raw cell went into the page through clean_html
        '<div class="nbgrader_cell"><span id="training_memory_counts_tensors"></span></div>'))
    tagged.cells.append(nbformat.v4.new_code_cell("# " + " .a" * 100_000))  # round 35: Formgrader highlights it all
    tagged.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}, "version_major": 2}}
    tagged.metadata["kernelspec"]["display_name"] = "<b>forged</b>"
    # round 36: an answer cell moved below the written answers (Formgrader's keyboard order), one written answer deleted
    by_id = {h._nbgrader_meta(c).get("grade_id"): c for c in tagged.cells}
    tagged.cells.remove(by_id["written_pipeline_vs_sharding"])
    tagged.cells.remove(by_id["quiz_q5"])
    tagged.cells.insert(tagged.cells.index(by_id["written_ddp_fit"]) + 1, by_id["quiz_q5"])
    return students


LINKED = ("h5_linked_notebook", "h5_linked_extra", "h5_linked_folder", "h5_fifo")  # 5


def _hand_in_links(world: h.World) -> list[str]:
    sub = os.path.join(world.course, "submitted")
    folder = h.hand_in(world, "h5_linked_notebook", None)
    os.symlink(f"../../zz_honest/{h.ASSIGNMENT}/{h.NB_FILE}", os.path.join(folder, h.NB_FILE))
    folder = h.hand_in(world, "h5_linked_extra", h.empty())
    os.symlink(os.path.join(world.course, "secret-canary.txt"), os.path.join(folder, "notes.txt"))
    os.makedirs(os.path.join(sub, "h5_linked_folder"))
    os.symlink(f"../zz_honest/{h.ASSIGNMENT}", os.path.join(sub, "h5_linked_folder", h.ASSIGNMENT))
    folder = h.hand_in(world, "h5_fifo", h.empty())
    os.mkfifo(os.path.join(folder, "pipe"))
    return [os.path.join(folder, "pipe")]


@pytest.fixture(scope="module")
def main_run(tmp_path_factory):
    world = h.make_world(tmp_path_factory.mktemp("attacks-main"))
    try:
        port = _free_port()
        students = _main_class(world, port)
        for student, nb in students.items():
            folder = h.hand_in(world, student, nb)
            if student == "w_injects_script":  # round 36: modules the TA's kernel imports as it starts, from its folder
                for name in ("ipykernel_launcher.py", "comm.py", os.path.join("traitlets", "__init__.py")):
                    os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
                    with open(os.path.join(folder, name), "w") as fh:
                        fh.write("raise SystemExit('a handed-in module ran')\n")
        fifos = _hand_in_links(world)
        run = h.grade(world, h.tools_grade(world, "--workers", "2", "--submission-timeout", "400"), fifos=fifos,
                      port=port)
        run.students = sorted(students) + list(LINKED)
        yield run
    finally:
        h.cleanup(world)


def _solution(grade_id: str) -> str:
    from tools.submissions import solution_text

    source_nb, _ = h.release_and_source()
    return solution_text(next(c for c in source_nb.cells if h._nbgrader_meta(c).get("grade_id") == grade_id))


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _lost(run, student):
    return {cell: run.scores.get(student, {}).get(cell) for cell in POINTS if run.scores.get(student, {}).get(cell)}


def test_the_run_completes_and_reports_every_submission(main_run):
    run = main_run
    assert run.returncode == 0, f"grader.grade exited {run.returncode}:\n{run.log[-3000:]}"
    assert "__error__" not in run.scores, f"the gradebook is unreadable after the run: {run.scores['__error__']}"
    missing = set(run.students) - set(run.statuses)
    assert not missing, f"grading_report.json has no entry for {sorted(missing)}"


def test_honest_students_keep_full_marks(main_run):
    for student in ("aa_honest", "zz_honest"):
        assert main_run.statuses.get(student, {}).get("status") == "graded", main_run.statuses.get(student)
        assert main_run.scores.get(student) and all(
            main_run.scores[student].get(c) == pts for c, pts in POINTS.items()), (
            f"{student} lost points to an attack: {main_run.scores.get(student)}")
        assert not any((g or 0) > POINTS.get(c, 99) for c, g in main_run.scores[student].items())


@pytest.mark.parametrize("student", sorted(p.FORGERS))
def test_1_output_from_the_kernel_forges_no_score(main_run, student):
    """An empty submission whose kernel forges results, clears errors or swallows them scores 0 on every cell."""
    assert main_run.statuses.get(student, {}).get("status") == "graded", main_run.statuses.get(student)
    assert main_run.total(student) == 0, f"{student} forged points with nothing solved: {_lost(main_run, student)}"


@pytest.mark.parametrize("student, q1_points", [("f2_quiz_rebind", 1), ("f2_publish_by_hand", 0)])
def test_2_observations_are_bound_to_their_cell(main_run, student, q1_points):
    """Knowing q1's answer and making every quiz cell report q1 earns q1's point only; replacing the
    probe in the kernel (to publish reports by hand) hands nothing over, and earns nothing at all."""
    scores = main_run.scores.get(student, {})
    assert scores.get("quiz_q1_correct") == q1_points, f"{student}: q1 was answered right: {scores}"
    forged = {c: s for c, s in scores.items() if c in POINTS and c != "quiz_q1_correct" and s}
    assert not forged, f"{student}: points for questions it answered wrong, by reporting q1 in their place: {forged}"


def test_3_root_in_the_sandbox_reaches_nothing_outside(main_run):
    """mount, umount, nsenter, cgroups, a .pth in the venv, the gradebook: nothing works, nothing changes outside."""
    run = main_run
    worked = run.markers("r3_root", "escape-")
    assert not worked, "root inside the sandbox got out:\n" + "\n".join(worked)
    assert not run.listener, f"a submission reached the grader's loopback: {run.listener}"
    assert not run.pth_ran, "a .pth file planted by a submission ran in the grader's processes"
    assert run.total("r3_root") == 0 and not any(
        (run.scores.get("r3_root", {}).get(c) or 0) for c in run.scores.get("r3_root", {})), run.scores.get("r3_root")


def test_3_the_kernel_template_is_out_of_reach(main_run):
    """The kernel was forked from the run's kernel template (its command line names the template's socket)
    and cannot reach that socket: the template would fork processes into namespaces it is handed."""
    text = main_run.cell_text("r3_root")
    assert "blocked escape-kernel-template: FileNotFoundError" in text, \
        "the attack did not run in a kernel forked from the template, or reached its socket: " + \
        (text[text.find("escape-kernel-template") - 20:][:300] if "escape-kernel-template" in text else "no trace")


def test_3_the_kernel_has_no_privileged_syscalls(main_run):
    """mount, unshare, setns, ptrace and keyctl fail in the kernel, and it holds no capability."""
    worked = main_run.markers("r3_root", "syscall-") + main_run.markers("r3_root", "capabilities")
    assert not worked, "privileged operations available to student code:\n" + "\n".join(worked)


def test_4_links_planted_in_the_kernels_folder_are_not_followed(main_run):
    run = main_run
    changed = _changed(run)
    assert not changed, "the grader wrote or chmod-ed through links a submission planted:\n" + "\n".join(changed)
    links = [path for s in run.students for path in h.student_outputs(run.world.course, s) if os.path.islink(path)]
    assert not links, f"links came back from a kernel's folder into the outputs: {links}"
    planted = {"judge_copy.py", "solution_copy.ipynb", "gradebook_copy.db", "honest_copy.ipynb", "chmod_victim.txt",
               "course_link", "home_link"}
    copied = [path for path in h.student_outputs(run.world.course, "l4_links") if os.path.basename(path) in planted]
    assert not copied, f"files a kernel left behind were kept or copied into feedback: {copied}"
    assert run.total("l4_links") == 0


@pytest.mark.parametrize("student", LINKED)
def test_5_links_and_special_files_are_never_followed_or_opened(main_run, student):
    """A notebook or a hand-in's folder that is a link is refused, saying why; a link or a pipe beside the notebook
    is left where it is (the grader takes the notebook alone) and the notebook is graded: no point, nothing it
    points at in any output (test 6), the pipe never opened."""
    entry = main_run.statuses.get(student)
    assert entry, f"no report entry for {student}"
    if student in ("h5_linked_notebook", "h5_linked_folder"):
        assert entry["status"] == "refused", f"{student} was not refused: {entry}; its scores {main_run.scores.get(student)}"
        assert "link" in entry["reason"].lower(), f"{student}: the reason does not say why: {entry}"
    else:
        assert entry["status"] == "graded", f"{student}: {entry}"
    assert not main_run.total(student), f"{student} has points: {main_run.scores.get(student)}"
    if student == "h5_fifo":
        assert not main_run.fifo_opened, "the grader opened a FIFO from a hand-in (and would have blocked forever)"


def test_6_secrets_never_reach_any_output(main_run):
    """Canaries of the course, gradebook, solution, TA's home, other checkout, judge and environment."""
    run, leaks = main_run, []
    files = [os.path.join(run.world.course, name) for name in ("grading_report.json", "grades.csv")]
    for student in run.students:
        files += h.student_outputs(run.world.course, student)
    for path in files:
        if not os.path.lexists(path) or os.path.isdir(path):
            continue
        data = h.read_unfollowed(path).decode("utf-8", errors="replace")
        for what, secret in run.canaries.secrets().items():
            if what == "gradebook" and path.endswith("grades.csv"):
                continue  # the export of the gradebook holds its students' names: that is what it is for
            if secret in data:
                leaks.append(f"{what} in {os.path.relpath(path, run.world.course)}")
        if run.canaries.honest in data and "honest" not in path:
            leaks.append(f"an honest student's code in {os.path.relpath(path, run.world.course)}")
    assert not leaks, "secrets reached the outputs:\n" + "\n".join(sorted(set(leaks)))


def test_6_the_kernel_sees_no_secrets(main_run):
    worked = main_run.markers("e6_reads_everything", "read-")
    assert not worked, "a submission read outside its folder:\n" + "\n".join(worked)
    env = main_run.cell_text("e6_reads_everything")
    assert "DISTCOURSE_TEST_DB_URL" not in env, "the kernel inherits the grader's environment"


def _changed(run) -> list[str]:
    """What grading changed, but for the course's own files made the TA's alone (grader.grade.keep_private takes the
    group's and others' permissions off hand-ins, solutions and outputs, and everything below them: rounds 47-49)."""
    out = []
    course = os.path.join(run.world.course, "")
    for path in sorted(set(run.before) | set(run.after)):
        before, after = run.before.get(path), run.after.get(path)
        if (before != after and before and after and path.startswith(course) and before[:-1] == after[:-1]
                and isinstance(before[-1], int) and after[-1] == before[-1] & ~0o077):
            continue
        if before != after:
            out.append(f"{path}: {before} -> {after}")
    return out


def test_files_outside_the_sandbox_are_unchanged(main_run):
    changed = _changed(main_run)
    assert not changed, "grading changed files outside the sandbox:\n" + "\n".join(changed)


def test_7_what_a_kernel_writes_in_its_folder_stays_there(main_run):
    for top in ("autograded", "feedback"):
        size = h.tree_size(os.path.join(main_run.world.course, top, "d7_fills_disk"))
        assert size < 5 * 2**20, f"{top}/d7_fills_disk holds {size / 2**20:.0f} MiB the kernel wrote"


def test_7_the_kernels_socket_folder_cannot_fill_the_graders_disk(main_run):
    """The runtime folder (the kernel's IPC sockets, the one folder of the grader's a sandbox writes) is a
    4 MiB tmpfs of the grading process's own when the grader is root: 40 MiB were tried."""
    import re

    text = main_run.cell_text("d7_fills_disk")
    found = re.findall(r"runtime-fill: (\d+) MiB written", text)
    assert found, "the attack did not run: " + text[-500:]
    if os.geteuid() == 0:
        assert int(found[0]) <= 4, f"{found[0]} MiB written into the grader's runtime folder"


def test_8_output_is_capped_while_received(main_run):
    run, student = main_run, "o8_floods_output"
    for top, ext in (("autograded", ".ipynb"), ("feedback", ".html")):
        path = os.path.join(run.world.course, top, student, h.ASSIGNMENT, h.NB_FILE.replace(".ipynb", ext))
        assert os.path.isfile(path), f"no {top} for {student}"
        assert os.path.getsize(path) < 5 * 2**20, f"{top}: {os.path.getsize(path) / 2**20:.0f} MiB from 200 MB of output"
    big = {label: rss for label, rss in run.peak_rss.items() if rss > 2**30}
    assert not big, f"the grader's processes grew past 1 GiB: { {k: f'{v / 2**20:.0f} MiB' for k, v in big.items()} }"
    assert run.total(student) == FULL, f"output alone must cost no points: {run.scores.get(student)}"


def test_8_messages_on_a_channel_nobody_reads_are_not_kept(main_run):
    """1.5 GB sent on the stdin channel: the grader's processes stay small, the sender keeps its points."""
    big = {label: rss for label, rss in main_run.peak_rss.items() if rss > 2**30}
    assert not big, f"the grader's processes grew past 1 GiB: { {k: f'{v / 2**20:.0f} MiB' for k, v in big.items()} }"
    assert main_run.total("o8_floods_stdin") == FULL, main_run.scores.get("o8_floods_stdin")


def test_9_a_cell_that_will_not_stop_costs_that_cell_only(main_run):
    student = "t9_swallows_interrupt"
    assert main_run.statuses.get(student, {}).get("status") == "graded", main_run.statuses.get(student)
    scores = main_run.scores.get(student, {})
    kept = {c: scores.get(c) for c in POINTS if c != "quiz_q5_correct"}
    assert all(kept[c] == POINTS[c] for c in kept), f"the hang in q5's answer cost other cells: {scores}"


def test_10_a_deleted_test_cell_scores_zero_and_is_not_to_grade_by_hand(main_run):
    from grader import grade

    student = "x10_deletes_test_cell"
    scores = main_run.scores.get(student, {})
    assert not scores.get("partition_layers_optimal"), scores
    assert all(scores.get(c) == pts for c, pts in POINTS.items() if c != "partition_layers_optimal"), scores
    row = next(line for line in grade.gradebook_table(main_run.world.course).splitlines() if line.startswith(student))
    manual = float(row.split()[-2])
    assert manual == h.written_points(), f"a deleted test cell is listed as points to grade by hand: {row!r}"


def test_10_feedback_names_the_mistake_but_not_the_expected_values(main_run):
    from autograders.ps1_memory import _reference_training_memory
    from probes.ps1_memory import memory_cases

    student = "x10_asks_the_oracle"
    assert not main_run.scores.get(student, {}).get("training_memory_counts_tensors"), "assumed_fp32 must lose it"
    right = set()
    for _, model, optimizer, kind in memory_cases():
        weights, grads, states = _reference_training_memory(model, optimizer)
        right |= {weights, grads, *states} if kind == "bf16" else set()
    right = {n for n in right if n >= 100}
    nb = main_run.graded_nb(student)
    cell = next(c for c in nb.cells if h._nbgrader_meta(c).get("grade_id") == "training_memory_counts_tensors")
    text = json.dumps(cell.outputs)
    html = open(os.path.join(main_run.world.course, "feedback", student, h.ASSIGNMENT, "ps1_memory.html")).read()
    html = re.sub(r"<style.*?</style>", "", html, flags=re.S)
    assert "bfloat16" in text or "element_size" in text, f"the feedback should still name the mistake: {text[:500]}"
    for n in sorted(right):
        assert not re.search(rf"\b{n}\b", text), f"the judge's message gives the right value {n}: {text[:500]}"
        assert not re.search(rf"\b{n}\b", html), f"the feedback gives the right value {n}"


def test_own_forged_metadata_earns_nothing(main_run):
    student = "m_forges_metadata"
    maxes = main_run.max_scores.get(student, {})
    assert set(maxes) <= set(POINTS) | {"written_ddp_fit", "written_pipeline_vs_sharding"}, maxes
    assert all(maxes[c] == POINTS[c] for c in POINTS if c in maxes), f"points the notebook claimed were kept: {maxes}"
    assert main_run.total(student) == 0, main_run.scores.get(student)


def test_own_killing_the_parent_costs_nobody_else(main_run):
    assert main_run.statuses.get("k_kills_parent"), "the run lost the submission that killed its parent"
    assert main_run.total("k_kills_parent") == 0


def test_own_no_student_script_runs_in_feedback(main_run):
    """HTML and JavaScript a kernel displays, or a written answer holds, must not run in the feedback page."""
    html = open(os.path.join(main_run.world.course, "feedback", "w_injects_script", h.ASSIGNMENT, "ps1_memory.html")).read()
    scripts = [s[:200] for s in re.findall(r"<script[^>]*>.*?</script>", html, flags=re.S) if XSS in s]
    assert not scripts, f"a student's script runs in the feedback (and in the formgrader): {scripts}"


def test_own_the_graded_notebook_the_ta_opens_runs_nothing(main_run):
    """nbgrader's Formgrader renders the graded notebook's markdown unsanitised: a written answer's
    `<img onerror=...>` ran in the TA's browser, and through the TA's Jupyter server as the TA (attack round 9).
    The graded notebook keeps no tag, handler or link a browser would run, no `id` or `class` of the student's, and no
    HTML or JavaScript output."""
    nb = nbformat.read(os.path.join(main_run.world.course, "autograded", "w_injects_script", h.ASSIGNMENT, h.NB_FILE), 4)
    live = re.compile(r"<\s*(script|img|iframe|svg|object|embed|style)\b|\bon\w+\s*=\s*[\"']|javascript:", re.I)
    assert not [c for c in nb.cells if c.cell_type == "raw"], "a raw cell is rendered as the student wrote it"
    from grader.feedback import MAX_CODE_CHARS

    assert max(len(c.source) for c in nb.cells if c.cell_type == "code") < MAX_CODE_CHARS + 200
    sources = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert any(f"{XSS}_img" in s for s in sources), "the written answer is gone from the graded notebook"
    # what stays is text: escaped (&lt;img ... onerror=...&gt;), a link without its javascript: target
    for source in sources:
        unescaped = re.sub(r"&lt;.*?&gt;", "", source)
        assert not live.search(unescaped), source[:300]
        # nor an `id` or `class` (round 34: an answer's empty elements of every grade id took Formgrader's
        # "full credit" for all of them, through $("#" + grade_id))
        assert not re.search(r"\b(id|class)\s*=", unescaped, re.I), source[:300]
    kinds = {k for c in nb.cells for o in c.get("outputs", []) for k in o.get("data", {})}
    assert kinds <= {"text/plain", "image/png", "image/jpeg"}, kinds
    # and no metadata of the student's that a template turns into the page: cells keep nbgrader's (checked
    # against the release) and the editable flags, the notebook its kernel and language, in the grader's words
    allowed = {"nbgrader", "editable", "deletable", "distcourse_hidden_checks_ran"}
    assert all(set(c.metadata) <= allowed for c in nb.cells), [dict(c.metadata) for c in nb.cells
                                                               if set(c.metadata) - allowed][:2]
    assert set(nb.metadata) == {"kernelspec", "language_info"} and nb.metadata.kernelspec.display_name == "Python 3"
    # the graded cells in the release's order, all of them (a deleted one put back, saying so)
    _, release_nb = h.release_and_source()
    ids = [h._nbgrader_meta(c).get("grade_id") for c in nb.cells if h._nbgrader_meta(c).get("grade_id")]
    assert ids == [h._nbgrader_meta(c)["grade_id"] for c in release_nb.cells if h._nbgrader_meta(c).get("grade_id")], ids
    # the graded folder holds the graded notebook only: the TA's kernel starts there when the TA opens it live, as
    # `python -m ipykernel_launcher`, and ran a handed-in ipykernel_launcher.py as the TA (round 36)
    folder = os.path.join(main_run.world.course, "autograded", "w_injects_script", h.ASSIGNMENT)
    assert sorted(os.listdir(folder)) == [".graded", h.NB_FILE], os.listdir(folder)
    assert os.path.isfile(os.path.join(main_run.world.course, "submitted", "w_injects_script", h.ASSIGNMENT, "comm.py"))


# ============================================================================== caps (lowered limits, 2 workers)


@pytest.fixture(scope="module")
def caps_run(tmp_path_factory):
    world = h.make_world(tmp_path_factory.mktemp("attacks-caps"))
    try:
        h.hand_in(world, "a_cpu_hog", h.empty({
            "training_memory": p.CPU_HOG.format(spinners=6),
            "per_device_memory": p.HOLD, "partition_layers": p.HOLD, "split_model": p.HOLD, "two_stage_step": p.HOLD}))
        h.hand_in(world, "a_neighbour", h.honest())
        h.hand_in(world, "b_two_children", h.empty({"training_memory": p.attack(p.TWO_CHILDREN, n_bytes=5 * 2**28)}))
        h.hand_in(world, "b_fills_tmp", h.empty({"training_memory": p.attack(p.TMP_FILLER, files=10)}))
        limits = {"memory_bytes": 2 * 2**30}
        yield h.grade(world, h.with_limits(world, limits, "--workers", "2", "--submission-timeout", "400"))
    finally:
        h.cleanup(world)


def test_7_memory_is_capped_for_all_processes_together(caps_run):
    worked = caps_run.markers("b_two_children")
    assert not worked, "two children held more than the memory limit together:\n" + "\n".join(worked)


def test_7_tmp_is_sized(caps_run):
    worked = caps_run.markers("b_fills_tmp")
    assert not worked, "a kernel filled /tmp (RAM) past its memory limit:\n" + "\n".join(worked)


def test_7_a_cpu_hog_does_not_starve_its_neighbour(caps_run):
    assert caps_run.returncode == 0, caps_run.log[-3000:]
    scores = caps_run.scores.get("a_neighbour", {})
    assert all(scores.get(c) == pts for c, pts in POINTS.items()), f"the neighbour of a CPU hog lost points: {scores}"


# ============================================================================== UNSANDBOXED=1


@pytest.fixture(scope="module")
def unsandboxed_run(tmp_path_factory):
    world = h.make_world(tmp_path_factory.mktemp("attacks-unsandboxed"))
    try:
        h.hand_in(world, "a_startup_file", h.empty({"training_memory": p.attack(p.STARTUP_FILE)}))
        h.hand_in(world, "b_honest", h.honest())
        yield h.grade(world, h.tools_grade(world, "--workers", "1", "--unsandboxed"))
    finally:
        h.cleanup(world)


def test_11_unsandboxed_a_startup_file_does_not_poison_later_kernels(unsandboxed_run):
    run = unsandboxed_run
    assert run.returncode == 0, run.log[-3000:]
    scores = run.scores.get("b_honest", {})
    assert all(scores.get(c) == pts for c, pts in POINTS.items()), (
        f"an IPython startup file left by an earlier submission changed a later grade: {scores}")


def test_11_unsandboxed_grading_writes_nothing_into_the_checkout(unsandboxed_run):
    changed = [c for c in _changed(unsandboxed_run) if c.startswith((h.ROOT, h.SITE_PACKAGES))]
    assert not changed, "\n".join(changed)


# ============================================================================== as an unprivileged user


@pytest.fixture(scope="module")
def nobody_run(tmp_path_factory):
    """The same grading as an ordinary user (where bubblewrap can make a user namespace): no root to lose. An unused
    uid, not nobody's: another account's processes of uid 65534 would share the run's (round 54)."""
    from tests.grading import unused_uid

    uid = unused_uid()
    probe = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "bwrap", "--ro-bind", "/", "/",
                            "--unshare-pid", "--", "true"], capture_output=True)
    python = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", sys.executable, "-c",
                             "import subprocess, sys, tools; subprocess.run([sys.executable, '-c', 'pass'], check=True)"],
                            cwd=h.ROOT, capture_output=True) if os.geteuid() == 0 else None
    if os.geteuid() != 0 or probe.returncode != 0 or python.returncode != 0:
        pytest.skip("needs root to switch to another uid, bubblewrap usable by an ordinary user, and a virtual "
                    "environment whose interpreter another user may run (a venv made from a Python under /root is not)")
    judges = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", sys.executable, "-c",
                             "import autograders.ps1_memory"], cwd=h.ROOT, capture_output=True)
    if judges.returncode != 0:  # `make grade` in this checkout made its judges the TA's alone (grade.keep_private)
        pytest.skip(f"uid {uid} cannot read this checkout's autograders/ (a `make grade` here made it private): run "
                    "the suite from a fresh clone, or `chmod -R go+rX autograders source tests .git` first")
    import pathlib
    import tempfile

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="distcourse-attacks-nobody-", dir="/var/tmp"))  # /tmp/pytest-of-root is 0700
    world = h.make_world(tmp)
    try:
        port = _free_port()
        paths = dict(course=world.course, checkout=h.ROOT, home=world.home, other=world.other, site=h.SITE_PACKAGES,
                     helpers=os.path.join(h.ROOT, "helpers"), port=port)
        h.hand_in(world, "f1_displayhook", h.empty({"training_memory": p.FORGERS["f1_displayhook"]}))
        h.hand_in(world, "l4_links", h.empty({"training_memory": p.attack(p.PLANT_LINKS, **paths)}))
        h.hand_in(world, "e6_reads_everything", h.empty({"training_memory": p.attack(p.READ_EVERYTHING, **paths)}))
        h.hand_in(world, "zz_honest", h.honest())
        for folder in (str(tmp), world.base):
            subprocess.run(["chown", "-R", f"{uid}:{uid}", folder], check=True)
            os.chmod(folder, 0o700)
        run = h.grade(world, h.tools_grade(world, "--workers", "2"), user=uid, port=port)
        run.students = ["f1_displayhook", "l4_links", "e6_reads_everything", "zz_honest"]
        yield run
    finally:
        h.cleanup(world)
        shutil.rmtree(tmp, ignore_errors=True)


def test_as_an_ordinary_user_attacks_gain_nothing(nobody_run):
    run = nobody_run
    assert run.returncode == 0, run.log[-3000:]
    assert all(run.scores.get("zz_honest", {}).get(c) == pts for c, pts in POINTS.items()), run.scores.get("zz_honest")
    assert run.total("f1_displayhook") == 0, run.scores.get("f1_displayhook")
    assert run.total("l4_links") == 0
    assert not _changed(run), "\n".join(_changed(run))
    assert not run.markers("e6_reads_everything", "read-"), run.markers("e6_reads_everything")
    test_6_secrets_never_reach_any_output(run)


# ============================================================================== hidden checks observed out of reach
# A probe call in the kernel only hands the student's objects over; the grader runs the probe in an
# observer (a sandbox of its own) whose calls of student code run in child processes. These attackers
# know a correct solution (each forges a report that would pass its judge) and try to make it count.

PER_DEVICE = {"per_device_memory_formulas", "per_device_memory_bad_input"}
PARTITION = {"partition_layers_optimal", "partition_layers_bad_input"}


def _lost_cells(run, student) -> set[str]:
    scores = run.scores.get(student, {})
    return {cell for cell, points in POINTS.items() if (scores.get(cell) or 0) < points}


def test_observed_a_probe_replaced_in_the_kernel_reports_nothing_that_counts(main_run):
    """The kernel replaces the probe with one that runs the real probe body on a correct function and
    publishes that report itself, and empties every later assert (an AST transformer): the untouched
    release still scores 0."""
    assert main_run.total("o1_replaces_probe") == 0, main_run.scores.get("o1_replaces_probe")


def test_observed_a_report_injected_from_the_observers_child_does_not_count(main_run):
    """Correct reports written into every descriptor of the child and of the observer, and into the
    observer's report list: the exercise whose function raised loses its cells, the rest keep theirs."""
    assert _lost_cells(main_run, "o2_injects_from_child") == PER_DEVICE, main_run.scores.get("o2_injects_from_child")


def test_observed_killing_the_observer_costs_that_exercise_only(main_run):
    assert _lost_cells(main_run, "o3_kills_observer") == PARTITION, main_run.scores.get("o3_kills_observer")
    assert "died" in main_run.cell_text("o3_kills_observer")


def test_observed_a_process_left_behind_spoils_no_later_check(main_run):
    """A daemon forked by the student's function, which would kill every process it may a moment later,
    is killed with the call: every later check still runs, and the correct answers keep their points."""
    assert not _lost_cells(main_run, "o4_leaves_a_killer"), main_run.scores.get("o4_leaves_a_killer")
