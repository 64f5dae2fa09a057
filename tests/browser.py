"""JupyterLab in a real browser, for the browser tests and `make screenshots`.

A temporary copy of the course directory, a JupyterLab server on loopback (free port, token,
settings and workspaces kept in the temporary directory), and Debian's chromium driven by
Playwright through `executable_path` (Playwright never downloads a browser here). The helpers act
as a person does (click, type, menus, the Validate button) and read what the page shows; they read
JupyterLab's own notebook model only to wait for the kernel and to find cells reliably.

    python -m tests.browser docs/img     # regenerate the README screenshots (make screenshots)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request

import nbformat

from grader.course import ROOT, nbgrader, notebook_name
from tools.submissions import fill, solution_text

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]
VIEWPORT = {"width": 1280, "height": 800}
ARTIFACTS = os.path.join(ROOT, "artifacts")
STUDENT = "alice"
WRITTEN_ANSWER = "The student's written answer: the TA reads it and grades it by hand, with the rubric kept in source/."


def missing_browser_reason() -> str | None:
    """Why the browser tests cannot run here, or None. In CI (CI set) nothing is a reason to skip."""
    reasons = []
    if not os.path.exists(CHROMIUM):
        reasons.append(f"{CHROMIUM} is absent (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        reasons.append("playwright is not installed (pip install -e '.[dev]')")
    if not reasons or os.environ.get("CI"):
        return None
    return "browser tests need Debian's chromium and Playwright: " + "; ".join(reasons)


def student_assignment() -> str:
    """The assignment the student test works on: ps1_memory once it is released, else the first released one."""
    released = sorted(d for d in os.listdir(os.path.join(ROOT, "release")) if os.path.isdir(os.path.join(ROOT, "release", d)))
    return "ps1_memory" if "ps1_memory" in released else released[0]


# --------------------------------------------------------------------------- the course directory


def make_course(workdir: str) -> str:
    """A course directory in `workdir` (config, source/, release/, notebooks/ copied from the repo).
    Returns its path. Nothing is ever written into the repository."""
    course = os.path.join(workdir, "course")
    os.makedirs(course)
    shutil.copy(os.path.join(ROOT, "nbgrader_config.py"), course)
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    for folder in ("source", "release", "notebooks"):
        if os.path.isdir(os.path.join(ROOT, folder)):
            shutil.copytree(os.path.join(ROOT, folder), os.path.join(course, folder), ignore=ignore)
    return course


def exchange_config(workdir: str) -> str:
    """nbgrader's exchange (where released assignments wait to be fetched) in `workdir`; the server
    reads its location from JUPYTER_CONFIG_DIR/nbgrader_config.py. Returns the exchange path."""
    exchange = os.path.join(workdir, "exchange")
    config_dir = os.path.join(workdir, "jupyter-config")
    os.makedirs(exchange, exist_ok=True)
    os.makedirs(config_dir, exist_ok=True)
    with open(os.path.join(config_dir, "nbgrader_config.py"), "w") as fh:
        fh.write(f"c = get_config()\nc.Exchange.root = {exchange!r}\n")
    return exchange


def release_to_exchange(course: str, exchange: str, assignment: str) -> None:
    """The TA releases the committed release/<assignment> to the exchange, where students fetch it."""
    nbgrader("release_assignment", assignment, "--force", f"--Exchange.root={exchange}", cwd=course)


def collect_and_autograde(course: str, assignment: str) -> None:
    """The assignment generated into the gradebook (release written aside, to .generated/), one
    submission by STUDENT (our solution as tools.submissions.fill builds it, with a stand-in written
    answer) in submitted/, and nbgrader autograde: what the formgrader then offers for grading by hand."""
    nbgrader("generate_assignment", assignment, "--force", "--CourseDirectory.release_directory=.generated", cwd=course)
    nb_file = notebook_name(assignment, course)
    source_nb = nbformat.read(os.path.join(course, "source", assignment, nb_file), as_version=4)
    release_nb = nbformat.read(os.path.join(course, "release", assignment, nb_file), as_version=4)
    folder = os.path.join(course, "submitted", STUDENT, assignment)
    os.makedirs(folder)
    written = {gid: WRITTEN_ANSWER for gid in manual_grade_ids(course, assignment)}
    nbformat.write(fill(release_nb, source_nb, written), os.path.join(folder, nb_file))
    nbgrader("autograde", assignment, "--ResilientExecute.unsandboxed=True", cwd=course)  # our solution


def first_answer(course: str, assignment: str) -> tuple[int, str]:
    """Index (among all cells) and solution text of the first autograded code answer cell."""
    nb_file = notebook_name(assignment, course)
    source_nb = nbformat.read(os.path.join(course, "source", assignment, nb_file), as_version=4)
    for i, cell in enumerate(source_nb.cells):
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "code" and meta.get("solution") and not meta.get("grade"):
            return i, solution_text(cell).strip("\n")
    raise AssertionError(f"{assignment} has no code answer cell")


def manual_grade_ids(course: str, assignment: str) -> list[str]:
    """Grade ids of the answers a TA grades by hand (written answers), in notebook order."""
    nb_file = notebook_name(assignment, course)
    source_nb = nbformat.read(os.path.join(course, "source", assignment, nb_file), as_version=4)
    return [
        c.metadata["nbgrader"]["grade_id"] for c in source_nb.cells
        if c.metadata.get("nbgrader", {}).get("solution") and c.metadata["nbgrader"].get("grade") and c.cell_type == "markdown"
    ]


def points(course: str, assignment: str, grade_id: str) -> float:
    """The points a graded cell is worth, from the source notebook."""
    nb_file = notebook_name(assignment, course)
    source_nb = nbformat.read(os.path.join(course, "source", assignment, nb_file), as_version=4)
    return next(float(c.metadata["nbgrader"]["points"]) for c in source_nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def manual_score(course: str, assignment: str, grade_id: str) -> float | None:
    """The score a TA gave STUDENT's `grade_id` by hand, read from the course's gradebook."""
    from nbgrader.api import Gradebook

    nb_name = notebook_name(assignment, course)[: -len(".ipynb")]
    with Gradebook(f"sqlite:///{os.path.join(course, 'gradebook.db')}") as gb:
        return gb.find_grade(grade_id, nb_name, assignment, STUDENT).manual_score


# --------------------------------------------------------------------------- the server


def _lab_settings(settings_dir: str) -> None:
    """User settings of the test's JupyterLab: every cell in the DOM, no news or update prompts."""
    settings = {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
    }
    for rel, value in settings.items():
        path = os.path.join(settings_dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            json.dump(value, fh)


def _start_lab(course: str, workdir: str, env: dict) -> tuple[subprocess.Popen, str, str]:
    """Start JupyterLab on a loopback port the system picks as it binds (port 0: no port is chosen first, which
    another account could take in between; round 56 took three in a row and stopped the browser tests); returns
    (process, url, token) once it answers, or raises with the end of its log."""
    log_path = os.path.join(workdir, "jupyterlab.log")
    token = secrets.token_hex(16)
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--ServerApp.ip=127.0.0.1", "--ServerApp.port=0", "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={course}",
        *(["--allow-root"] if os.geteuid() == 0 else []),
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: lets the tests wait for the kernel
        "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    # the token in the server's environment, which only its user may read, never on its command line, which
    # every local user may (round 52: a student read it there and had the TA's JupyterLab)
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, cwd=course, env={**env, "JUPYTER_TOKEN": token}, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        port = _listening_port(proc.pid)  # the token goes to our server's own socket only
        if port is None:
            time.sleep(0.2)
            continue
        url = f"http://127.0.0.1:{port}"
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    return proc, url, token
        except OSError:
            time.sleep(0.2)
    _stop(proc)
    log_text = open(log_path).read()
    raise RuntimeError(f"JupyterLab did not start (exit code {proc.returncode}); the end of its log:\n{log_text[-3000:]}")


def _listening_port(pid: int) -> int | None:
    """The loopback TCP port process `pid` itself listens on, if it does yet."""
    import psutil

    try:
        ports = [c.laddr.port for c in psutil.Process(pid).net_connections(kind="tcp")
                 if c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.ip == "127.0.0.1"]
    except psutil.Error:
        return None
    return ports[0] if ports else None


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server (it shuts its kernels down on SIGTERM), then its whole process group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, 15)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, 9)
        proc.wait()


@contextlib.contextmanager
def jupyter_lab(course: str, workdir: str):
    """JupyterLab serving `course` on 127.0.0.1:<free port> with a random token, its configuration,
    settings, workspaces and runtime files in `workdir`. Yields (url, token)."""
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=os.path.join(workdir, "jupyter-config"),
        JUPYTER_RUNTIME_DIR=os.path.join(workdir, "jupyter-runtime"),
        JUPYTERLAB_SETTINGS_DIR=os.path.join(workdir, "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=os.path.join(workdir, "lab-workspaces"),
        PYTHONUNBUFFERED="1",
    )
    _lab_settings(env["JUPYTERLAB_SETTINGS_DIR"])
    proc, url, token = _start_lab(course, workdir, env)
    try:
        yield url, token
    finally:
        _stop(proc)


@contextlib.contextmanager
def chromium(workdir: str):
    """A Playwright page in Debian's chromium with a fresh profile. Yields the page."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            os.path.join(workdir, "chromium-profile"), executable_path=CHROMIUM, headless=True,
            args=CHROMIUM_ARGS, viewport=VIEWPORT, device_scale_factor=1,
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(30_000)
            page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" when a notebook has unsaved outputs
            yield page
        finally:
            context.close()


# --------------------------------------------------------------------------- acting in JupyterLab

_KERNEL_IDLE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.sessionContext || !panel.content) return false;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  return !Array.from(panel.content.widgets).some(c => c.model.type === 'code' && c.promptNode && c.promptNode.textContent.includes('*'));
}"""

_CELLS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  return Array.from(panel.content.widgets).map(c => ({
    type: c.model.type,
    source: c.model.sharedModel.getSource(),
    count: c.model.type === 'code' ? c.model.executionCount : null,
    outputs: c.model.type === 'code' ? c.model.outputs.toJSON() : [],
    grade_id: ((c.model.getMetadata('nbgrader') || {}).grade_id) || null,
    solution: !!((c.model.getMetadata('nbgrader') || {}).solution),
    grade: !!((c.model.getMetadata('nbgrader') || {}).grade),
  }));
}"""


def output_text(cell: dict) -> str:
    parts = []
    for out in cell["outputs"]:
        if out["output_type"] == "stream":
            parts.append("".join(out["text"]) if isinstance(out["text"], list) else out["text"])
        elif out["output_type"] == "error":
            parts.append(f"{out['ename']}: {out['evalue']}")
        elif "data" in out:
            parts.append(str(out["data"].get("text/plain", "")))
    return "\n".join(parts)


def has_error(cell: dict) -> bool:
    return any(o["output_type"] == "error" for o in cell["outputs"])


class Lab:
    """A page of JupyterLab, with the few gestures the tests make."""

    def __init__(self, page, url: str, token: str, shots: str | None = None):
        self.page, self.url, self.token, self.shots = page, url, token, shots
        self.marks: dict[str, float] = {}  # screenshot name -> time.monotonic() when taken
        self.errors: list[str] = []  # the page's uncaught exceptions and console errors, for the tests to check
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        page.on("console", lambda msg: self.errors.append(f"console: {msg.text}") if msg.type == "error" else None)

    def shot(self, name: str, **kwargs) -> None:
        """Save a screenshot `name`.png (when the Lab has a folder for them) and note the time."""
        self.marks[name] = time.monotonic()
        if self.shots:
            os.makedirs(self.shots, exist_ok=True)
            os.chmod(self.shots, 0o700)  # pictures of the TA's pages (the source notebook, Formgrader): hers alone
            self.page.screenshot(path=os.path.join(self.shots, f"{name}.png"), **kwargs)

    def home(self) -> None:
        """JupyterLab's start page."""
        self.page.goto(f"{self.url}/lab?reset&token={self.token}")
        self.page.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader").wait_for()

    def open(self, path: str) -> None:
        """Open a file of the course in JupyterLab and wait for its kernel."""
        self.page.goto(f"{self.url}/lab/tree/{path}?reset&token={self.token}")
        self.page.locator(".jp-NotebookPanel:visible .jp-Cell").first.wait_for()
        self.wait_idle(120)

    def shutdown_kernels(self) -> None:
        """Stop every kernel of the server (as Kernel > Shut Down All Kernels does)."""
        self.page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")

    def wait_idle(self, timeout_s: float = 120) -> None:
        """Wait until the notebook's kernel is idle and no cell is queued or running (twice in a row)."""
        for _ in range(2):
            self.page.wait_for_function(_KERNEL_IDLE, timeout=timeout_s * 1000, polling=100)
            self.page.wait_for_timeout(100)

    def cells(self) -> list[dict]:
        return self.page.evaluate(_CELLS)

    def cell(self, index: int):
        return self.page.locator(".jp-NotebookPanel:visible .jp-Notebook .jp-Cell").nth(index)

    def type_into(self, index: int, text: str) -> None:
        """Replace a cell's text as a person pasting it: click in the editor, select all, insert."""
        editor = self.cell(index).locator(".cm-content")
        editor.scroll_into_view_if_needed()
        editor.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.press("Delete")
        self.page.keyboard.insert_text(text)
        self.page.keyboard.press("Escape")

    def show(self, index: int) -> None:
        """Scroll cell `index` to the top of the notebook's view."""
        self.cell(index).evaluate("el => el.scrollIntoView({block: 'start'})")
        self.page.wait_for_timeout(200)

    def menu(self, top: str, item: str) -> None:
        """Click a main-menu entry, e.g. menu("Run", "Run All Cells")."""
        self.page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{re.escape(top)}$")).click()
        self.page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).first.click()

    def select(self, index: int) -> None:
        """Select a cell in command mode (click its prompt)."""
        prompt = self.cell(index).locator(".jp-InputPrompt").first
        prompt.scroll_into_view_if_needed()
        prompt.click()
        self.page.keyboard.press("Escape")

    def run_all(self, timeout_s: float = 180) -> list[dict]:
        """Run > Run All Cells, wait until the kernel is done. Returns the cells."""
        self.menu("Run", "Run All Cells")
        self.wait_idle(timeout_s)
        return self.cells()

    def run_everything(self, timeout_s: float = 180) -> list[dict]:
        """Run All Cells; where an error stops the run, go on with "Run Selected Cell and All Below"
        from the next cell, until every code cell has run. Returns the cells."""
        self.menu("Run", "Run All Cells")
        self.wait_idle(timeout_s)
        for _ in range(200):
            cells = self.cells()
            pending = [i for i, c in enumerate(cells) if c["type"] == "code" and c["count"] is None]
            if not pending:
                return cells
            self.select(pending[0])
            self.menu("Run", "Run Selected Cell and All Below")
            self.wait_idle(timeout_s)
        raise AssertionError("cells kept not running")

    def add_cell_at_end(self, text: str) -> int:
        """Append a code cell with `text` (select the last cell, press B, type). Returns its index."""
        last = len(self.cells()) - 1
        self.select(last)
        self.page.keyboard.press("b")
        index = last + 1
        self.cell(index).locator(".cm-content").wait_for()
        self.type_into(index, text)
        return index

    def run_cell(self, index: int, timeout_s: float = 120) -> dict:
        self.select(index)
        self.page.keyboard.press("Control+Enter")
        self.wait_idle(timeout_s)
        return self.cells()[index]

    def validate(self, timeout_s: float = 180) -> str:
        """Click nbgrader's Validate button; returns the text of the "Validation Results" dialog."""
        self.page.locator(".jp-NotebookPanel:visible .validate-button").click()
        dialog = self.page.locator(".jp-Dialog", has_text="Validation Results")
        dialog.wait_for(timeout=timeout_s * 1000)
        return dialog.inner_text()

    def close_dialog(self) -> None:
        self.page.locator(".jp-Dialog .jp-mod-accept").click()
        self.page.locator(".jp-Dialog").wait_for(state="detached")

    def formgrader(self):
        """Nbgrader > Formgrader; returns the formgrader's frame (a Playwright FrameLocator)."""
        self.menu("Nbgrader", "Formgrader")
        frame = self.page.frame_locator(".jp-MainAreaWidget:visible iframe")
        frame.locator("body").wait_for()
        return frame


# --------------------------------------------------------------------------- README screenshots

# Screenshots the student-and-TA test takes (artifacts/browser/) -> the README's images (docs/img/).
README_SHOTS = {
    "05-unfilled-exercise-fails.png": "lab-student.png",
    "10-grade-by-hand.png": "lab-formgrader.png",
}
MAX_README_BYTES = 200_000


def export_readme_shots(dest: str, shots: str = os.path.join(ARTIFACTS, "browser")) -> list[str]:
    """Copy the README's screenshots from the last browser test run to `dest`, as small
    palette PNGs (under MAX_README_BYTES each). Returns the written paths."""
    from PIL import Image

    os.makedirs(dest, exist_ok=True)
    written = []
    for src, name in README_SHOTS.items():
        path = os.path.join(shots, src)
        if not os.path.exists(path):
            raise SystemExit(f"{path} is missing: run `pytest tests/test_browser.py -k student_and_ta` first (it needs {CHROMIUM})")
        image = Image.open(path).convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        out = os.path.join(dest, name)
        image.save(out, optimize=True)
        size = os.path.getsize(out)
        if size > MAX_README_BYTES:
            raise SystemExit(f"{out} is {size} bytes, more than {MAX_README_BYTES}: crop or reduce the screenshot")
        written.append(out)
    return written


if __name__ == "__main__":  # python -m tests.browser docs/img
    for path in export_readme_shots(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "img")):
        print(f"{path}: {os.path.getsize(path) // 1000} kB")
