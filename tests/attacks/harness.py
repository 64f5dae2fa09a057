"""Build a class of hostile students in a temporary course, grade it the way `make grade` does, and
record everything the tests check afterwards: scores, statuses, sizes, the grader's peak memory,
checksums of what lies outside the sandbox, and whether any secret reached an output.
"""

from __future__ import annotations

import copy
import glob
import hashlib
import json
import os
import secrets
import shutil
import socket
import stat
import subprocess
import sys
import sysconfig
import tempfile
import threading
from dataclasses import dataclass, field

import nbformat

from grader.course import ROOT, copy_course, venv_env
from tools.submissions import _nbgrader_meta, fill, source_and_release

ASSIGNMENT = "ps1_memory"
NB_FILE = "ps1_memory.ipynb"
SITE_PACKAGES = sysconfig.get_paths()["purelib"]
TOKEN = secrets.token_hex(6)


@dataclass
class Canaries:
    """Secret contents planted where a submission must never read them; any of them in an output is a leak."""

    course: str = f"CANARY-COURSE-{TOKEN}"
    solution: str = f"CANARY-SOLUTION-{TOKEN}"
    gradebook: str = f"CANARY-GRADEBOOK-{TOKEN}"
    home: str = f"CANARY-HOME-{TOKEN}"
    password: str = f"CANARY-PASSWORD-{TOKEN}"
    checkout: str = f"CANARY-CHECKOUT-{TOKEN}"
    honest: str = f"HONEST-CANARY-{TOKEN}"  # in the honest students' own code: theirs to see, nobody else's
    judge: str = "def judge_training_memory"  # a line of autograders/ps1_memory.py

    def secrets(self) -> dict[str, str]:
        return {k: v for k, v in self.__dict__.items() if k != "honest"}


CANARIES = Canaries()


def release_and_source():
    source_nb, release_nb = source_and_release(ASSIGNMENT)
    return source_nb, release_nb


def empty(overrides: dict[str, str] | None = None):
    """The release notebook as handed out (every answer a stub), with `overrides` in some answer cells."""
    _, release_nb = release_and_source()
    nb = copy.deepcopy(release_nb)
    overrides = dict(overrides or {})
    for cell in nb.cells:
        grade_id = _nbgrader_meta(cell).get("grade_id")
        if grade_id in overrides:
            cell.source = overrides.pop(grade_id)
    assert not overrides, f"not answer cells: {overrides}"
    return nb


def solved(overrides: dict[str, str] | None = None, append: dict[str, str] | None = None):
    """Our solution in every answer cell, `overrides` replacing some, `append` added after others."""
    source_nb, release_nb = release_and_source()
    nb = fill(release_nb, source_nb, overrides or {})
    for cell in nb.cells:
        grade_id = _nbgrader_meta(cell).get("grade_id")
        if grade_id in (append or {}):
            cell.source += append[grade_id]
    return nb


def honest():
    nb = solved()
    cell = next(c for c in nb.cells if _nbgrader_meta(c).get("grade_id") == "training_memory")
    cell.source = f"# {CANARIES.honest}\n" + cell.source
    return nb


def test_points() -> dict[str, float]:
    """Autograded test cells of the assignment: grade id -> points (from the source notebook)."""
    source_nb, _ = release_and_source()
    return {_nbgrader_meta(c)["grade_id"]: float(_nbgrader_meta(c)["points"]) for c in source_nb.cells
            if _nbgrader_meta(c).get("grade") and not _nbgrader_meta(c).get("solution") and c.cell_type == "code"}


def written_points() -> float:
    source_nb, _ = release_and_source()
    return sum(float(_nbgrader_meta(c)["points"]) for c in source_nb.cells
               if _nbgrader_meta(c).get("grade") and _nbgrader_meta(c).get("solution") and c.cell_type == "markdown")


# -------------------------------------------------------------------------------- the world around the grader


@dataclass
class World:
    """The course directory and what surrounds it: a TA's home, another checkout, the grader's environment."""

    base: str
    course: str
    home: str
    other: str
    pth_marker: str
    scratch: list = field(default_factory=list)

    def env(self) -> dict:
        return venv_env({
            "HOME": self.home,
            "DISTCOURSE_TEST_DB_URL": f"postgresql://ta:{CANARIES.password}@db.example.org/grades",
            "DISTCOURSE_ATTACK_PTH": self.pth_marker,
        })

    def outside(self) -> list[str]:
        """Folders outside the sandbox whose files must come out of grading unchanged."""
        return [os.path.join(ROOT, d) for d in ("probes", "helpers", "autograders", "source", "release")] + [
            os.path.join(ROOT, "nbgrader_config.py"), os.path.join(self.home, ".ssh"), self.other,
            os.path.join(self.course, "source"), os.path.join(self.course, "release"),
            os.path.join(self.course, "secret-canary.txt"), *glob.glob(os.path.join(self.course, "victim-*"))]


def _outside_tmp() -> str:
    """A folder outside /tmp (the sandbox hides /tmp wholesale, which would make reading tests pass by luck)."""
    for candidate in ("/var/tmp", os.path.expanduser("~")):
        if os.path.isdir(candidate) and os.access(candidate, os.W_OK):
            return tempfile.mkdtemp(prefix="distcourse-attacks-", dir=candidate)
    return tempfile.mkdtemp(prefix="distcourse-attacks-")


def make_world(tmp_path, execute_timeout: int = 30) -> World:
    base = _outside_tmp()
    world = World(base=base, course=str(tmp_path / "course"), home=os.path.join(base, "home"),
                  other=os.path.join(base, "other-checkout"), pth_marker=str(tmp_path / "pth-ran.txt"))
    course = copy_course(world.course, [ASSIGNMENT])
    with open(os.path.join(course, "nbgrader_config.py"), "a") as fh:
        # a cell that will not stop costs this long (the course's 120 s would make the test slow)
        fh.write(f"\nc.Execute.timeout = {execute_timeout}\n")
    # a secret line in the course's solution: released notebooks never hold it
    path = os.path.join(course, "source", ASSIGNMENT, NB_FILE)
    nb = nbformat.read(path, as_version=4)
    cell = next(c for c in nb.cells if _nbgrader_meta(c).get("grade_id") == "training_memory")
    cell.source = cell.source.replace("### BEGIN SOLUTION\n", f"### BEGIN SOLUTION\n    # {CANARIES.solution}\n", 1)
    assert CANARIES.solution in cell.source
    nbformat.write(nb, path)
    from grader import grade

    grade.ensure_in_gradebook([ASSIGNMENT], course)
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{os.path.join(course, 'gradebook.db')}") as gb:
        gb.add_student("zzz_canary_student", first_name=CANARIES.gradebook, last_name="Secret")
    for name, text in {"secret-canary.txt": CANARIES.course, "victim-graded.txt": "victim of .graded",
                       "victim-notebook.txt": "victim of the notebook link", "victim-chmod.txt": "victim of chmod"}.items():
        with open(os.path.join(course, name), "w") as fh:
            fh.write(text + "\n")
        os.chmod(os.path.join(course, name), 0o600)
    os.makedirs(os.path.join(world.home, ".ssh"))
    with open(os.path.join(world.home, ".ssh", "id_rsa-canary"), "w") as fh:
        fh.write(CANARIES.home + "\n")
    os.makedirs(os.path.join(world.other, "source", ASSIGNMENT))
    with open(os.path.join(world.other, "source", ASSIGNMENT, NB_FILE), "w") as fh:
        fh.write(json.dumps({"cells": [{"source": f"# {CANARIES.checkout}"}]}))
    return world


def hand_in(world: World, student: str, nb) -> str:
    folder = os.path.join(world.course, "submitted", student, ASSIGNMENT)
    os.makedirs(folder)
    if nb is not None:
        nbformat.write(nb, os.path.join(folder, NB_FILE))
    return folder


# -------------------------------------------------------------------------------- checksums


def snapshot(paths: list[str]) -> dict[str, tuple]:
    """path -> (kind, sha256 or link target, mode) for every file under `paths`, links not followed."""
    found = {}

    def one(path):
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            found[path] = ("link", os.readlink(path), 0)
        elif stat.S_ISREG(st.st_mode):
            with open(path, "rb") as fh:
                found[path] = ("file", hashlib.sha256(fh.read()).hexdigest(), stat.S_IMODE(st.st_mode))
        else:
            found[path] = ("special", "", stat.S_IMODE(st.st_mode))

    for top in paths:
        if not os.path.lexists(top):
            continue
        if os.path.isdir(top) and not os.path.islink(top):
            for folder, dirs, files in os.walk(top):
                dirs[:] = [d for d in dirs if d != "__pycache__"]
                for name in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
                    one(os.path.join(folder, name))
        else:
            one(top)
    return found


def venv_snapshot() -> dict[str, tuple]:
    """The venv's site-packages: every .pth file's checksum and the names at its top level."""
    names = {os.path.join(SITE_PACKAGES, n): ("entry", "", 0) for n in os.listdir(SITE_PACKAGES)}
    return {**names, **snapshot(glob.glob(os.path.join(SITE_PACKAGES, "*.pth")))}


def undo_planted_files() -> None:
    """Remove what a successful attack plants in the checkout, so that one failing run harms no later one."""
    for path in (os.path.join(SITE_PACKAGES, "zz-distcourse-attack.pth"), os.path.join(ROOT, "helpers", "zz_attack_marker.txt")):
        if os.path.lexists(path):
            os.remove(path)


# -------------------------------------------------------------------------------- watching the run


class Listener:
    """A TCP server on the grader's loopback: a submission that reaches it left its network namespace."""

    def __init__(self, port: int = 0):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", port))
        self.sock.listen(8)
        self.sock.settimeout(0.5)
        self.port = self.sock.getsockname()[1]
        self.received: list[bytes] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(2)
                try:
                    self.received.append(conn.recv(200) or b"(connected)")
                except OSError:
                    self.received.append(b"(connected)")

    def close(self):
        self.stop.set()
        self.thread.join()
        self.sock.close()


class FifoWatch:
    """Notices when anyone opens a FIFO planted in a hand-in for reading (it would block forever), and unblocks it."""

    def __init__(self, paths: list[str]):
        self.paths, self.opened = paths, []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self):
        while not self.stop.wait(1.0):
            for path in self.paths:
                try:
                    fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)  # ENXIO unless a reader is waiting
                except OSError:
                    continue
                self.opened.append(path)
                os.close(fd)  # the reader sees end of file and goes on

    def close(self):
        self.stop.set()
        self.thread.join()


class PeakMemory:
    """Samples the resident memory of the grader's own processes (grader.grade and every nbgrader it starts).

    Kernels and ranks run in the sandbox under its own limits and are not counted.
    """

    def __init__(self, pid: int):
        import psutil

        self.root = psutil.Process(pid)
        self.peak: dict[str, int] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self):
        import psutil

        while not self.stop.wait(0.2):
            try:
                procs = [self.root] + self.root.children(recursive=True)
            except psutil.Error:
                continue
            own_ns = os.readlink(f"/proc/{self.root.pid}/ns/pid") if os.path.exists(f"/proc/{self.root.pid}") else None
            for p in procs:
                try:
                    cmd = " ".join(p.cmdline())
                    # the grader's own processes: not the sandboxes (other PID namespaces), nor their
                    # launchers, bwrap and the kernel template, which run under the sandbox's limits
                    if p.pid != self.root.pid and (os.readlink(f"/proc/{p.pid}/ns/pid") != own_ns or any(
                            w in cmd for w in ("grader.sandbox", "grader.zygote", "bwrap"))):
                        continue
                    if p.pid == self.root.pid:
                        label = "grader.grade"
                    elif "nbgrader" in cmd:
                        label = "nbgrader " + next((w for w in ("autograde", "generate_feedback", "export") if w in cmd), "?")
                    else:  # a grading child forked from the warm grader (grader.forkserver), or the server
                        label = "grading process"
                    self.peak[label] = max(self.peak.get(label, 0), p.memory_info().rss)
                except (psutil.Error, OSError):
                    continue

    def close(self):
        self.stop.set()
        self.thread.join()


@dataclass
class Run:
    world: World
    returncode: int
    log: str
    report: list
    scores: dict  # student -> {grade cell: score + extra credit}
    max_scores: dict  # student -> {grade cell: max score}
    statuses: dict
    peak_rss: dict
    before: dict
    after: dict
    listener: list
    fifo_opened: list
    pth_ran: bool
    canaries: Canaries = field(default_factory=lambda: CANARIES)
    students: list = field(default_factory=list)

    def graded_nb(self, student: str):
        path = os.path.join(self.world.course, "autograded", student, ASSIGNMENT, NB_FILE)
        if not os.path.isfile(path) or os.path.islink(path):
            return None
        return nbformat.read(path, as_version=4)

    def cell_text(self, student: str) -> str:
        nb = self.graded_nb(student)
        return json.dumps([c.get("outputs", []) for c in nb.cells]) if nb else ""

    def markers(self, student: str, prefix: str = "") -> list[str]:
        """The `ATTACK-OK:` lines a student's attack printed (what worked)."""
        found = []
        nb = self.graded_nb(student)
        for cell in nb.cells if nb else []:
            for out in cell.get("outputs", []):
                for line in (out.get("text") or "").splitlines():
                    if line.startswith("ATTACK-OK:" + prefix):
                        found.append(line[:300])
        return found

    def total(self, student: str) -> float:
        return sum(self.scores.get(student, {}).get(cell, 0.0) or 0.0 for cell in test_points())


def grade(world: World, command: list[str], cwd: str = ROOT, fifos: list[str] | None = None,
          user: int | None = None, port: int = 0, timeout: float = 1500) -> Run:
    """Run `command` (a grader.grade invocation) on the world's course and gather what it did."""
    undo_planted_files()
    outside = world.outside() + [os.path.join(world.course, "submitted")]
    before = {**snapshot(outside), **venv_snapshot()}
    listener = Listener(port)
    fifo = FifoWatch(fifos or [])
    env = world.env()
    if user is not None:
        command = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *command]
        # a temporary folder of that user's (`make test` gives this process a fresh one of root's, mode 0711)
        env["TMPDIR"] = os.path.join(world.base, "tmp")
        os.makedirs(env["TMPDIR"], mode=0o700, exist_ok=True)
        os.chown(env["TMPDIR"], user, user)
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    peak = PeakMemory(proc.pid)
    try:
        log, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        log, _ = proc.communicate()
        log += f"\n(killed after {timeout} s)"
    finally:
        peak.close()
        listener.close()
        fifo.close()
    after = {**snapshot(outside), **venv_snapshot()}
    undo_planted_files()
    report_path = os.path.join(world.course, "grading_report.json")
    report = []
    if os.path.isfile(report_path) and not os.path.islink(report_path):
        with open(report_path) as fh:
            report = json.load(fh)
    scores, max_scores = _gradebook_scores(world.course)
    run = Run(world=world, returncode=proc.returncode, log=log, report=report, scores=scores, max_scores=max_scores,
               statuses={r["student"]: r for r in report}, peak_rss=peak.peak, before=before, after=after,
               listener=listener.received, fifo_opened=fifo.opened, pth_ran=os.path.exists(world.pth_marker))
    return run


def _gradebook_scores(course: str):
    from nbgrader.api import Gradebook

    scores, max_scores = {}, {}
    try:
        with Gradebook(f"sqlite:///{os.path.join(course, 'gradebook.db')}") as gb:
            for student in gb.students:
                try:
                    nb = gb.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student.id)
                except Exception:  # noqa: BLE001 - MissingEntry: not graded
                    continue
                # extra credit counts: an attack may raise its grade that way
                scores[student.id] = {g.name: g.score + (g.extra_credit or 0) for g in nb.grades}
                max_scores[student.id] = {g.name: g.max_score for g in nb.grades}
    except Exception as exc:  # noqa: BLE001 - a wrecked gradebook is a finding, reported by the tests
        scores["__error__"] = {"gradebook unreadable": str(exc)}
    return scores, max_scores


def tools_grade(world: World, *args: str) -> list[str]:
    """`make grade` in the world's course: python -m grader.grade --course-dir COURSE ARGS."""
    return [sys.executable, "-m", "grader.grade", "--course-dir", world.course, *args]


def with_limits(world: World, limits: dict, *args: str) -> list[str]:
    """The same, with the sandbox's resource limits overridden (grader.grade.grade(limits=...))."""
    return [sys.executable, "-m", "tests.attacks.run_grade", "--limits", json.dumps(limits), "--course-dir", world.course, *args]


# -------------------------------------------------------------------------------- outputs


def student_outputs(course: str, student: str) -> list[str]:
    """Every path the grading wrote for one student (autograded/ and feedback/), links included, unfollowed."""
    found = []
    for top in ("autograded", "feedback"):
        root = os.path.join(course, top, student)
        if os.path.lexists(root):
            found.append(root)
            for folder, dirs, files in os.walk(root):
                found += [os.path.join(folder, n) for n in dirs + files]
    return found


def read_unfollowed(path: str) -> bytes:
    """A regular file's bytes; nothing for a link or special file (those are findings of their own)."""
    st = os.lstat(path)
    if not stat.S_ISREG(st.st_mode):
        return b""
    with open(path, "rb") as fh:
        return fh.read()


def tree_size(path: str) -> int:
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            st = os.lstat(os.path.join(folder, name))
            total += st.st_size if stat.S_ISREG(st.st_mode) else 0
    return total


def cleanup(world: World) -> None:
    shutil.rmtree(world.base, ignore_errors=True)
