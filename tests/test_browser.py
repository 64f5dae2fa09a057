"""The course as a person uses it: JupyterLab with nbgrader's extensions, in a real browser.

Playwright drives Debian's chromium (/usr/bin/chromium, never a downloaded browser) against a
JupyterLab started on loopback over a temporary copy of the course (see tests/browser.py). One test
walks through a student's and a TA's session; one test per lecture notebook checks that its plots
render. Screenshots of every step land in artifacts/browser/ (not committed).
"""

import contextlib
import glob
import os
import threading
import time
from types import SimpleNamespace

import pytest

from tests import browser
from grader.course import ROOT, notebook_name

REASON = browser.missing_browser_reason()
pytestmark = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.xdist_group("browser"),  # meant to keep the module on one worker (one JupyterLab, one chromium)
    pytest.mark.skipif(REASON is not None, reason=REASON or ""),
]
SHOTS = os.path.join(browser.ARTIFACTS, "browser")
LECTURES = sorted(os.path.basename(p) for p in glob.glob(os.path.join(ROOT, "notebooks", "*.ipynb")))


def _draws(notebook: str) -> bool:
    """Whether a lecture draws a figure (matplotlib, or the course's plot helpers): those must show one."""
    with open(os.path.join(ROOT, "notebooks", notebook), encoding="utf-8") as fh:
        return any(word in fh.read() for word in ("plt.", "plots.", "pipeline_plots"))

MULTIPROCESS_CELL = '''import helpers
import torch.distributed as dist

def hello():
    print(f"hello from rank {dist.get_rank()} of {dist.get_world_size()}")
    return dist.get_rank()

helpers.launch(hello, 2)'''


class Background(threading.Thread):
    """Run a function beside the browser; `result()` waits and re-raises its exception."""

    def __init__(self, fn, *args):
        super().__init__(daemon=True)
        self.fn, self.args, self.error = fn, args, None

    def run(self):
        try:
            self.fn(*self.args)
        except BaseException as exc:  # noqa: BLE001 - handed to the test by result()
            self.error = exc

    def result(self, timeout: float = 300) -> None:
        self.join(timeout)
        assert not self.is_alive(), f"{self.fn.__name__} did not finish within {timeout} s"
        if self.error is not None:
            raise self.error


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab over a temporary course directory, and a chromium page on it."""
    workdir = str(tmp_path_factory.mktemp("lab"))
    course = browser.make_course(workdir)
    exchange = browser.exchange_config(workdir)
    with browser.jupyter_lab(course, workdir) as (url, token), browser.chromium(workdir) as page:
        yield SimpleNamespace(ui=browser.Lab(page, url, token, SHOTS), course=course, exchange=exchange, workdir=workdir)


@pytest.fixture(autouse=True)
def screenshot_on_failure(request, lab):
    """A failing test leaves a screenshot of the page as it was: artifacts/browser/FAILED-<test>.png."""
    failed = request.session.testsfailed
    with contextlib.suppress(FileNotFoundError):
        os.remove(os.path.join(SHOTS, f"FAILED-{request.node.name}.png"))
    yield
    if request.session.testsfailed > failed:
        lab.ui.shot(f"FAILED-{request.node.name}")
    lab.ui.shutdown_kernels()  # the next test starts from a quiet machine


def _groups(cells):
    """Exercises in notebook order: (answer cell index, [indices of the cells up to the next answer])."""
    answers = [i for i, c in enumerate(cells) if c["type"] == "code" and c["solution"]]
    bounds = [i for i, c in enumerate(cells) if c["solution"]] + [len(cells)]
    groups = []
    for a in answers:
        end = min(b for b in bounds if b > a)
        groups.append((a, list(range(a, end))))
    return groups


def test_student_and_ta_in_jupyterlab(lab):
    """Fetch, fill one exercise, run everything, run ranks from the browser, Validate; then grade as a TA."""
    t0 = time.monotonic()
    ui, assignment = lab.ui, browser.student_assignment()
    nb_file = notebook_name(assignment, lab.course)
    released = threading.Event()

    def ta_prepares():
        browser.release_to_exchange(lab.course, lab.exchange, assignment)
        released.set()
        browser.collect_and_autograde(lab.course, assignment)

    ta = Background(ta_prepares)
    ta.start()

    # The student fetches the assignment from nbgrader's Assignment List.
    ui.home()
    while not released.wait(0.5):
        if not ta.is_alive():
            ta.result()
            pytest.fail("the TA's nbgrader commands stopped before releasing the assignment")
    ui.menu("Nbgrader", "Assignment List")
    fetch = ui.page.locator("#released_assignments_list .list_item", has_text=assignment).get_by_role("button", name="Fetch")
    fetch.wait_for()
    ui.shot("01-assignment-list")
    fetch.click()
    ui.page.locator("#fetched_assignments_list", has_text=nb_file[: -len(".ipynb")]).wait_for()
    fetched = os.path.join(lab.course, assignment, nb_file)
    committed = os.path.join(browser.ROOT, "release", assignment, nb_file)
    assert open(fetched, "rb").read() == open(committed, "rb").read(), "the fetched notebook is not the committed release"
    ui.shot("02-fetched")

    # Open it, fill the first exercise with our solution and run every cell.
    ui.open(f"{assignment}/{nb_file}")
    ui.shot("03-notebook")
    first, answer = browser.first_answer(lab.course, assignment)
    ui.type_into(first, answer)
    assert ui.cells()[first]["source"].strip() == answer.strip(), "the typed answer is not what the cell holds"
    cells = ui.run_everything()
    groups = _groups(cells)
    assert groups and groups[0][0] == first
    filled_tests = [i for i in groups[0][1] if cells[i]["grade"]]
    assert filled_tests, f"the first exercise ({cells[first]['grade_id']}) has no visible test cell"
    for i in (i for i in groups[0][1] if cells[i]["type"] == "code"):
        assert not browser.has_error(cells[i]), f"{cells[i]['grade_id']} failed with the correct answer:\n{browser.output_text(cells[i])}"
        assert cells[i]["count"] is not None
    ui.show(filled_tests[-1])
    ui.shot("04-filled-exercise-passes")
    for answer_index, members in groups[1:]:
        errors = [browser.output_text(cells[i]) for i in members if browser.has_error(cells[i])]
        assert errors, f"{cells[answer_index]['grade_id']} is not filled in, yet none of its cells failed"
        assert "NotImplementedError" in errors[0], f"{cells[answer_index]['grade_id']}: unfilled, but the error is not NotImplementedError:\n{errors[0]}"
    if len(groups) > 1:
        failing = next(i for i in groups[1][1] if browser.has_error(cells[i]))
        ui.show(failing)
        assert "NotImplementedError" in ui.cell(failing).locator(".jp-OutputArea").inner_text()
        ui.shot("05-unfilled-exercise-fails")
    t_student = time.monotonic() - t0

    # A multi-process cell, from the browser's kernel: every rank's print shows, prefixed.
    index = ui.add_cell_at_end(MULTIPROCESS_CELL)
    ui.run_cell(index)
    shown = ui.cell(index).locator(".jp-OutputArea").inner_text()
    ui.show(index)
    ui.shot("06-ranks")
    for rank in (0, 1):
        assert f"[rank {rank}] hello from rank {rank} of 2" in shown, f"rank {rank}'s print is missing from the cell output:\n{shown}"
    assert "[0, 1]" in shown
    t_ranks = time.monotonic() - t0

    # nbgrader's Validate button: the unfilled exercises fail, the filled one does not.
    report = ui.validate()
    ui.shot("07-validate")
    assert "The following cell failed" in report and "NotImplementedError" in report, report[:3000]
    for i in filled_tests:
        assert cells[i]["source"].splitlines()[0] not in report, f"Validate reports {cells[i]['grade_id']} as failing:\n{report[:3000]}"
    ui.close_dialog()
    t_validate = time.monotonic() - t0

    # The TA: the formgrader lists the assignment and the autograded submission, ready to grade by hand.
    ta.result()
    frame = ui.formgrader()
    frame.locator("#main-table", has_text=assignment).wait_for()
    ui.shot("08-formgrader")
    frame.get_by_role("link", name="Manual Grading").click()
    frame.get_by_role("link", name=assignment).click()
    frame.get_by_role("link", name=nb_file[: -len(".ipynb")]).click()
    submission = frame.get_by_role("link", name="Submission #1")
    submission.wait_for()
    assert "needs manual grade" in frame.locator("body").inner_text().lower()
    ui.shot("09-submissions")
    submission.click()
    written = browser.manual_grade_ids(lab.course, assignment)
    assert written, f"{assignment} has no manually graded answer for the TA"
    answer_panel = frame.locator(".nbgrader_cell", has=frame.locator(f"input.score#{written[0]}"))
    answer_panel.wait_for()
    answer_panel.evaluate("el => el.scrollIntoView({block: 'center'})")
    assert browser.WRITTEN_ANSWER in answer_panel.inner_text(), "the formgrader does not show the student's written answer"
    points = browser.points(lab.course, assignment, written[0])
    deadline = time.monotonic() + 20
    while browser.manual_score(lab.course, assignment, written[0]) != points:  # until the page's scripts have loaded
        assert time.monotonic() < deadline, "clicking 'Full credit' in the formgrader did not reach the gradebook within 20 s"
        answer_panel.get_by_role("button", name="Full credit").click()
        ui.page.wait_for_timeout(1000)
    ui.shot("10-grade-by-hand")
    t_formgrader = time.monotonic() - t0
    # The TA's authoring tool: the Create Assignment sidebar shows each source cell's nbgrader role.
    ui.open(f"source/{assignment}/{nb_file}")
    ui.page.locator(".lm-TabBar-tab", has_text="Create Assignment").click()
    roles = ui.page.locator(".nbgrader-CellType select")
    roles.first.wait_for()
    shown_roles = roles.evaluate_all("els => els.map(s => s.options[s.selectedIndex].text)")
    source_cells = ui.cells()
    expected = sum(1 for c in source_cells if c["solution"] and not c["grade"] and c["type"] == "code")
    assert shown_roles.count("Autograded answer") == expected, f"Create Assignment shows {shown_roles}"
    ui.shot("11-create-assignment")
    t_total = time.monotonic() - t0
    nbgrader_errors = [e for e in ui.errors if "nbgrader" in e.lower() or "formgrader" in e.lower()]
    assert not nbgrader_errors, f"nbgrader's extension logged errors in the browser: {nbgrader_errors}"
    timings = (f"seconds since the test began: student done {t_student:.1f}, ranks {t_ranks:.1f}, validate {t_validate:.1f}, "
               f"formgrader {t_formgrader:.1f}, create assignment {t_total:.1f}")
    with open(os.path.join(SHOTS, "timings.txt"), "w") as fh:
        fh.write(f"{assignment}: {timings}\n")
        fh.writelines(f"  {name}: {t - t0:.1f} s\n" for name, t in ui.marks.items() if t >= t0)
    print(timings)


def test_formgrader_in_the_tas_server_neither_autogrades_nor_serves_a_submissions_files(lab):
    """Round 37: Formgrader's autograde button ran a hand-in in the TA's own server, as the TA; its route for a
    submission's files joined `..%2f` unresolved under the course folder and served any file of it (a handed-in HTML
    page, the solutions) on the TA's origin: one click on a link in a written answer rewrote the class's grades. In
    the TA's server, as the course's nbgrader_config.py sets it up, the button answers that grading is `make grade`
    and the route serves nothing."""
    import json
    import urllib.error
    import urllib.request

    assignment = browser.student_assignment()
    folder = os.path.join(lab.course, "submitted", browser.STUDENT, assignment)
    if not os.path.isdir(os.path.join(lab.course, "autograded", browser.STUDENT, assignment)):
        browser.collect_and_autograde(lab.course, assignment)
    with open(os.path.join(folder, "figure.html"), "w") as fh:
        fh.write("<script>document.title = 'ran'</script>")
    base, headers = lab.ui.url.rstrip("/"), {"Authorization": f"token {lab.ui.token}"}

    def call(path, method="GET"):
        request = urllib.request.Request(base + path, method=method, headers=headers, data=b"" if method == "POST" else None)
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    notebook = browser.notebook_name(assignment, lab.course)[: -len(".ipynb")]
    status, body = call(f"/formgrader/api/submitted_notebooks/{assignment}/{notebook}")
    assert status == 200, (status, body[:500])
    submission = next(s["id"] for s in json.loads(body) if s["student"] == browser.STUDENT)
    for path in (f"..%2f..%2f..%2fsubmitted%2f{browser.STUDENT}%2f{assignment}%2ffigure.html", "..%2f..%2f..%2fnbgrader_config.py",
                 f"{notebook}.ipynb"):
        status, body = call(f"/formgrader/submissions/{submission}/{path}")
        assert status == 404 and "<script>" not in body and "formgrader_guard" not in body, (path, status, body[:300])
    status, body = call(f"/formgrader/api/submission/{assignment}/{browser.STUDENT}/autograde", "POST")
    assert status == 200 and json.loads(body)["success"] is False and "make grade" in json.loads(body)["error"], body[:500]


@pytest.mark.parametrize("notebook", LECTURES)
def test_lecture_plots_render(lab, notebook):
    """The lecture runs in JupyterLab without an error and, where it draws, shows at least one rendered plot."""
    ui = lab.ui
    ui.open(f"notebooks/{notebook}")
    cells = ui.run_all(timeout_s=300)
    errors = [browser.output_text(c) for c in cells if browser.has_error(c)]
    assert not errors, f"{notebook} raised in JupyterLab:\n{errors[0]}"
    if not _draws(notebook):
        return
    images = ui.page.locator(".jp-NotebookPanel:visible .jp-OutputArea-output img")
    assert images.count() >= 1, f"{notebook} shows no image"
    first = images.first
    first.scroll_into_view_if_needed()
    size = first.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert min(size) > 50, f"{notebook}: the first image is {size[0]}x{size[1]} pixels, not a plot"
    ui.shot(f"lecture-{notebook[: -len('.ipynb')]}")
