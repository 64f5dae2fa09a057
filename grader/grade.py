"""Autograde a class: every submission in submitted/, in parallel, resumable, one fault costs one submission.

    python -m grader.grade                        # every assignment with submissions, one worker per core
    python -m grader.grade ps1_memory --workers 1
    python -m grader.grade --regrade              # grade again what an earlier run already graded

Each submission is one `nbgrader autograde ASSIGNMENT --student ID` (nbgrader does the work; this only
schedules it), run in a process of its own forked from a warm grading server (grader.forkserver:
nbgrader, torch and the judges imported once per run); each sandboxed kernel is forked from a kernel
template (grader.zygote: ipykernel, torch and helpers imported once per run) into its own
sandbox. Each worker grades one submission while the next one's kernel starts and warms up; that
kernel runs its first cell when its turn comes. A submission that uses no CPU (a deadlock waiting for
a probe's timeout) does not hold its worker (grader.admission): another starts beside it. A submission that takes longer than --submission-timeout (counted from its turn) is killed
with everything it started and recorded as such; the others go on. Grades nbgrader has recorded are in
the gradebook as soon as each submission finishes, so an interrupted run (Ctrl-C, kill -9) loses
nothing: the next run skips the submissions already graded. Feedback for students (nbgrader
generate_feedback) is generated for each assignment as soon as its last submission is graded; at the
end, grades.csv (nbgrader export) and a plot of the score distribution per exercise next to it, side by
side, a table per exercise, and grading_report.json with every failure.

Student code runs in grader.sandbox. The grader takes the assignment's notebook alone from each hand-in
(TAKEN_FOLDER: no other file of it is read, copied or run); a notebook that is a symbolic link or a
special file is refused before nbgrader reads it (status "refused", with the path and what to do).
Nothing the kernel leaves behind is trusted: the grader writes its own files without following links,
and feedback is not generated from a folder that holds one.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import glob
import json
import os
import re
import resource
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass

from grader import forkserver, sandbox
from grader.admission import Admission
from grader.course import (ROOT, assignments, guarded_db_url, notebook_name, socket_folder, use_this_checkout,
                           venv_env)


@dataclass
class Outcome:
    student: str
    assignment: str
    status: str  # graded | failed | timeout | skipped | refused
    seconds: float
    reason: str = ""
    feedback: str = ""  # written | failed: why | "" (none asked for, or none possible)
    log: str = ""  # a submission that failed or timed out: its grading log, relative to the course folder (KEPT_LOGS)


def _read_small(path: str, limit: int = 4096) -> str:
    """The start of a small file of the grader's ("" if there is none)."""
    try:
        with open(path, "rb") as fh:
            return fh.read(limit).decode("ascii", "replace")
    except OSError:
        return ""


def submitted_assignments(root: str = ROOT) -> list[str]:
    return [a for a in assignments(root) if glob.glob(os.path.join(root, "submitted", "*", a))]


def jobs(names: list[str], root: str = ROOT) -> list[tuple[str, str]]:
    """(student, assignment) for every submission folder, in a stable order."""
    found = []
    try:
        students = sorted(os.listdir(os.path.join(root, "submitted")))  # hidden folders too: each is reported
    except FileNotFoundError:
        students = []
    for name in names:
        for student in students:
            if os.path.isdir(os.path.join(root, "submitted", student, name)):
                found.append((student, name))
    return found


GLOB_CHARACTERS = set("*?[]")


def id_refusal(student: str) -> str | None:
    """Why a folder name cannot be passed to nbgrader as a student id, or None.

    nbgrader's --student is a glob (`*` or `[b]13honest` would grade someone else's folder) and it passes
    over hidden folders, so such names are refused with a reason rather than graded as someone else."""
    if GLOB_CHARACTERS & set(student):
        return (f"the folder name {student!r} holds a glob character ({''.join(sorted(GLOB_CHARACTERS & set(student)))}) "
                "that nbgrader would read as a pattern matching other students; rename the folder to the "
                "student's plain id and grade again")
    if student.startswith("."):
        return (f"the folder name {student!r} is hidden (starts with a dot) and nbgrader passes over it; rename "
                "the folder to the student's plain id and grade again")
    if not STUDENT_ID.fullmatch(student):
        return (f"the folder name {printable(repr(student))} is not a letter or digit followed by letters, digits "
                "and '._@+-': a student id is written into the TA's pages (Formgrader prints it as HTML, round 35), "
                "terminal, command lines (nbgrader reads `--help` as an option) and grades.csv (a spreadsheet reads "
                "a field that begins with + or @ as a formula, round 36); rename the folder to the student's plain "
                "id and grade again")
    return None


#: What a student id may hold (a login, an e-mail address): `x<img src=x onerror=...>` as a folder name ran in
#: Formgrader's page, which prints ids unescaped, as the TA (round 35); it begins with a letter or a digit, never
#: as an option (`--force`) or a spreadsheet's formula (`+1`, `@x`, `-2`) (round 36).
STUDENT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@+-]{0,99}")


DONE_MARKER = ".graded"
#: Beside DONE_MARKER while a finished grading is graded again: the gradebook's record of it (`automatic_scores`, as
#: JSON), put back if the new grading does not finish. Left by a run that was killed meanwhile, it makes the next run
#: grade the submission again and still holds the record to put back (round 57: a regrade killed after nbgrader had
#: recorded two of its scores left the gradebook at 21/24, a mix of both gradings, and the next run skipped it).
REGRADING_MARKER = ".regrading"
#: What the grader takes from a hand-in: the assignment's notebooks (the names release/<assignment>/ gives them) and
#: nbgrader's timestamp.txt (at most TIMESTAMP_BYTES, of TIMESTAMP_CHARACTERS), nothing else. It copies them into
#: TAKEN_FOLDER/<student>/<assignment>, through descriptors that follow no link, and nbgrader grades that copy: no
#: other file of a hand-in is read, copied, imported or run by the grader, nbgrader or the kernel. Rounds 24 and 36-39
#: found one file after another that a tool loads from the folder it runs in (a `storemagic.py` IPython imported as a
#: kernel started, an `ipykernel_launcher.py`, nbgrader_config.py, a `.git`, `.pdbrc`, `conftest.py`, an
#: `argcomplete.py` nbgrader imports): a list of what to refuse is never complete, a list of what to take is.
TAKEN_FOLDER = ".taken"
TIMESTAMP_BYTES = 64
TIMESTAMP_CHARACTERS = re.compile(r"[0-9A-Za-z :.+-]*\n?")
#: nbgrader's submission_secret.txt (`nbgrader submit` writes 128 hex digits): taken, and kept beside the graded
#: notebook and the feedback, with timestamp.txt, so that `nbgrader release_feedback` can name each student's page
#: (round 47: without them it stopped at the first student and released no one's feedback).
SECRET_BYTES = 256
SECRET_CHARACTERS = re.compile(r"[0-9a-f]+")
#: The files of a hand-in nbgrader keeps beside its notebook, checked as they are taken: (cap, characters).
NBGRADER_FILES = {"timestamp.txt": (TIMESTAMP_BYTES, TIMESTAMP_CHARACTERS),
                  "submission_secret.txt": (SECRET_BYTES, SECRET_CHARACTERS)}
#: Where nbgrader writes a submission's graded notebook while it is graded. Its first pass is the hand-in as written,
#: before the steps that make it inert for the TA's browser, and a grading stopped before its end (a time limit,
#: the grader killed) left it in autograded/, where Formgrader ran a written answer's `<img onerror>` as the TA
#: (round 35). Only a finished grading moves into autograded/, in one rename (`Submission.publish`).
GRADING_FOLDER = ".autograding"
#: The grading log of a submission that failed or timed out is kept for the TA here, in the course folder (its
#: head and end, at most KEPT_LOG_BYTES; nbgrader's traceback, and what the kernel wrote, labelled and escaped).
KEPT_LOGS = "grading_logs"
KEPT_LOG_BYTES = 1 << 20
#: Seconds a class step (feedback of an assignment, the export, the picture, the tables) may take.
CLASS_STEP_TIMEOUT = 900.0
#: Seconds one student's feedback page may take (our solutions' pages: under a second each).
FEEDBACK_TIMEOUT = 120.0


def already_graded(student: str, assignment: str, root: str = ROOT) -> bool:
    """True when nbgrader finished this submission in an earlier run.

    The marker is written only once `nbgrader autograde` has returned successfully, and the graded folder moves
    into autograded/ with it (nbgrader grades in GRADING_FOLDER).
    """
    marker = os.path.join(root, "autograded", student, assignment, DONE_MARKER)
    return (os.path.isfile(marker) and not os.path.islink(marker)
            and not os.path.lexists(os.path.join(root, "autograded", student, assignment, REGRADING_MARKER)))


def _kept_record(root: str, student: str, assignment: str):
    """The gradebook's record a regrade marker keeps (see REGRADING_MARKER), or None where there is none."""
    try:
        fd = _folder_beneath(root, ["autograded", student, assignment])
        try:
            marker = os.open(REGRADING_MARKER, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
            with os.fdopen(marker, "rb") as fh:
                return json.loads(fh.read(16 * 2**20))
        finally:
            os.close(fd)
    except (OSError, ValueError):
        return None


def changed_since_graded(student: str, assignment: str, root: str = ROOT) -> bool:
    """Whether the hand-in's notebooks differ from those its finished grading took (the digest its marker keeps):
    `nbgrader collect --update` put a newer hand-in in its place, which a run grades (round 48: the old grade stood).
    False for a marker of no digest (made before digests were kept)."""
    try:
        fd = _folder_beneath(root, ["autograded", student, assignment])
        try:
            marker = os.open(DONE_MARKER, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
            with os.fdopen(marker, "rb") as fh:
                text = fh.read(4096).decode("ascii", "replace")
        finally:
            os.close(fd)
    except OSError:
        return False
    kept = re.search(r"^hand-in ([0-9a-f]{64})$", text, re.MULTILINE)
    return bool(kept) and hand_in_digest(root, ["submitted", student, assignment], assignment) != kept[1]


def hand_in_digest(root: str, parts: list[str], assignment: str) -> str | None:
    """sha256 over the assignment's notebooks (the names release/ gives them) in root/parts, each read without
    following a link; None if the folder cannot be read."""
    import hashlib

    digest = hashlib.sha256()
    try:
        fd = _folder_beneath(root, parts)
    except OSError:
        return None
    try:
        for name in sorted(released_notebooks(root, assignment)):
            try:
                source = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
            except OSError:
                digest.update(f"{name}\0missing\0".encode())
                continue
            with os.fdopen(source, "rb") as fh:
                info = os.fstat(fh.fileno())
                if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_NOTEBOOK_BYTES:  # round 50: a sparse 200 GiB
                    digest.update(f"{name}\0not a notebook\0{info.st_size}\0".encode())  # file hashed for minutes
                    continue
                digest.update(f"{name}\0".encode())
                while chunk := fh.read(1 << 20):
                    digest.update(chunk)
    finally:
        os.close(fd)
    return digest.hexdigest()


def ensure_in_gradebook(names: list[str], root: str = ROOT, db_url: str | None = None) -> None:
    """nbgrader autograde needs each assignment's cells in the gradebook; generate_assignment records them.

    Only assignments the gradebook does not know yet are generated: regenerating one that has grades
    is not needed and would rewrite release/.
    """
    from nbgrader.api import Gradebook, MissingEntry

    from grader.course import create_gradebook

    create_gradebook(db_url or _db_url(root))
    missing = []
    with Gradebook(db_url or _db_url(root)) as gb:
        for name in names:
            try:
                gb.find_assignment(name)
            except MissingEntry:
                missing.append(name)
    if missing:
        from tools import release

        release.generate(root, missing, db_url)
        with Gradebook(db_url or _db_url(root)) as gb:
            for name in missing:
                try:
                    gb.find_assignment(name)
                except MissingEntry:
                    raise RuntimeError(
                        f"nbgrader generate_assignment {name} did not record it in the gradebook {'given' if db_url else ''}"
                        ": the course's nbgrader_config.py must read $DISTCOURSE_DB_URL as the checkout's does "
                        "(copy it from the checkout)") from None


def _db_url(root: str) -> str:
    return f"sqlite:///{os.path.join(root, 'gradebook.db')}?timeout=120"


def _db_args(db_url: str | None) -> list[str]:
    """The gradebook's URL as arguments of an nbgrader step forked from the warm grader (never exec'ed: a command
    line's arguments are every local user's to read in /proc/<pid>/cmdline)."""
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


SPECIAL = {stat.S_IFIFO: "a named pipe", stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a character device",
           stat.S_IFBLK: "a block device"}


def _describe(path: str, shown: str) -> str | None:
    """Why `path` may not be in a folder the grader reads or writes: a link or a special file."""
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        return f"{shown} is a symbolic link (to {os.readlink(path)!r})"
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        return f"{shown} is {SPECIAL.get(stat.S_IFMT(mode), 'not a regular file')}"
    if stat.S_ISREG(mode) and os.lstat(path).st_nlink > 1:  # the same file as one elsewhere on this disk
        return f"{shown} is a hard link (one of {os.lstat(path).st_nlink} names of the same file)"
    return None


def unsafe_entries(root: str, *parts: str, below: bool = True) -> list[str]:
    """Links and special files at root/parts (each folder on the way included) and anywhere below it (`below`)."""
    found, path = [], root
    for i, part in enumerate(parts):
        path = os.path.join(path, part)
        if not os.path.lexists(path):
            return found
        why = _describe(path, "/".join(parts[: i + 1]))
        if why:
            return [why]
    if not below:
        return found
    for dirpath, dirnames, filenames in os.walk(path):
        for name in dirnames + filenames:
            full = os.path.join(dirpath, name)
            why = _describe(full, os.path.relpath(full, root))
            if why:
                found.append(why)
    return found


def released_notebooks(root: str, assignment: str) -> set[str]:
    """The names of the assignment's notebooks in release/ (what a hand-in is graded on)."""
    return {os.path.basename(f) for f in glob.glob(os.path.join(root, "release", assignment, "*.ipynb"))}


class NotTaken(Exception):
    """A file the grader would take from a hand-in that it may not take (a link, a special file, too large)."""


def _copy_plain_file(fd: int, name: str, dest_fd: int, cap: int, shown: str) -> None:
    """Copy the file `name` of the folder `fd` into the folder `dest_fd`: opened without following a link and
    without blocking (a named pipe), checked once open (a plain file, one name, at most `cap` bytes, counted as read)."""
    try:
        source = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=fd)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise NotTaken(f"{shown} is a symbolic link") from None
        raise NotTaken(f"{shown} cannot be read ({error.strerror})") from None
    try:
        info = os.fstat(source)
        if not stat.S_ISREG(info.st_mode):
            raise NotTaken(f"{shown} is {SPECIAL.get(stat.S_IFMT(info.st_mode), 'not a regular file')}")
        if info.st_nlink > 1:  # the same file as one elsewhere on this disk
            raise NotTaken(f"{shown} is a hard link (one of {info.st_nlink} names of the same file)")
        out = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=dest_fd)
        with os.fdopen(out, "wb") as fh:
            left = cap
            while chunk := os.read(source, 1 << 20):
                left -= len(chunk)
                if left < 0:
                    raise NotTaken(f"{shown} is over {cap / 2**20:.0f} MiB")
                fh.write(chunk)
    finally:
        os.close(source)


def take(student: str, assignment: str, root: str) -> tuple[list[str], list[str]]:
    """Copy what the grader takes of submitted/<student>/<assignment> (see TAKEN_FOLDER) into
    TAKEN_FOLDER/<student>/<assignment>, replacing an earlier copy. Returns (the notebooks taken, the names of the
    hand-in's other top-level entries, left where they are). NotTaken if one of the assignment's notebooks is a link,
    not a plain file or too large; OSError if the hand-in's folder, or one on the way, is not a plain folder."""
    drop_taken(root, student, assignment)
    source = _folder_beneath(root, ["submitted", student, assignment], what=f"submitted/{student}/{assignment}")
    try:
        dest = _folder_beneath(root, [TAKEN_FOLDER, student, assignment], make=True)
        try:
            names = os.listdir(source)
            wanted = released_notebooks(root, assignment) or {n for n in names if n.endswith(".ipynb")}
            taken, left = [], []
            for name in sorted(names):
                if name in wanted:
                    _copy_plain_file(source, name, dest, MAX_NOTEBOOK_BYTES,
                                     printable(f"submitted/{student}/{assignment}/{name}"))
                    taken.append(name)
                elif name in NBGRADER_FILES:  # nbgrader parses timestamp.txt (dateutil: quadratic on a long text, round 39)
                    cap, characters = NBGRADER_FILES[name]
                    try:
                        _copy_plain_file(source, name, dest, cap, name)
                        with open(f"/proc/self/fd/{dest}/{name}", "rb") as fh:
                            text = fh.read().decode("ascii", "replace")
                        if not characters.fullmatch(text):
                            raise NotTaken(f"{name} is not what nbgrader writes there")
                    except NotTaken:
                        with contextlib.suppress(OSError):
                            os.unlink(name, dir_fd=dest)
                        left.append(name)
                else:
                    left.append(name)
            return taken, left
        finally:
            os.close(dest)
    finally:
        os.close(source)


def drop_taken(root: str, student: str, assignment: str) -> None:
    """Remove TAKEN_FOLDER/<student>/<assignment>, and the student's folder there once empty; no link is followed."""
    try:
        fd = _folder_beneath(root, [TAKEN_FOLDER, student])
    except OSError:
        return
    try:
        _remove_tree_beneath(fd, assignment)
    finally:
        os.close(fd)
    with contextlib.suppress(OSError):
        os.rmdir(os.path.join(root, TAKEN_FOLDER, student))


def refusal(student: str, assignment: str, root: str, limits: dict | None = None) -> str | None:
    """Why this submission is not graded at all, or None. Takes what is graded of the hand-in (`take`) and checks
    that copy, before nbgrader reads anything."""
    why = id_refusal(student)
    if why:
        return why
    problems = unsafe_entries(root, "submitted", student, assignment, below=False)
    if problems:
        return (f"{problems[0]}: a hand-in's folder must be a plain folder. Replace it by a folder holding the "
                "notebook, and grade again")
    for folder in ("autograded", "feedback", GRADING_FOLDER, TAKEN_FOLDER):
        problems = unsafe_entries(root, folder, student, assignment)
        if problems:
            return (f"{problems[0]}: the grader's own folders must hold no links or special files (left by "
                    f"an earlier run?). Delete {folder}/{student}/{assignment} and grade again")
    try:
        taken, left = take(student, assignment, root)
    except NotTaken as error:
        return (f"{printable(str(error))}: the grader takes the assignment's notebook only as a plain file of its own "
                f"(no link, pipe or device; at most {MAX_NOTEBOOK_BYTES // 2**20} MiB). Replace it by a copy of the "
                "notebook itself, and grade again")
    except OSError as error:
        return (f"{printable(str(error))}: a hand-in's folder must be a plain folder (not a link). Replace it by a "
                "folder holding the notebook, and grade again")
    released = released_notebooks(root, assignment)
    strays = sorted(name for name in left if name.endswith(".ipynb"))
    if not taken and strays and released:
        # nothing of the assignment to grade: nbgrader would skip them, writing their names into the log a
        # failure reason is read from (beside the assignment's notebook they are left where they are)
        return (f"{printable(repr(strays[0]))} is not a notebook of {assignment} (its notebook: "
                f"{', '.join(sorted(released))}): rename it, and grade again")
    for name in taken:
        notebook = os.path.join(root, TAKEN_FOLDER, student, assignment, name)
        nb_size, containers, items = notebook_structure(notebook)
        if nb_size > MAX_NOTEBOOK_BYTES or containers > MAX_NOTEBOOK_CONTAINERS or items > MAX_NOTEBOOK_ITEMS:
            return (f"{name!r} is {nb_size / 2**20:.0f} MiB and holds {containers:,} JSON lists and objects "
                    f"and up to {items:,} items: at most {MAX_NOTEBOOK_BYTES // 2**20} MiB, {MAX_NOTEBOOK_CONTAINERS:,} and "
                    f"{MAX_NOTEBOOK_ITEMS:,} are graded (an assignment "
                    "needs a small fraction of that). Clear large outputs and metadata (Kernel > Restart & Clear "
                    "Output), save, and hand in again")
        why = nbgrader_metadata_refusal(notebook, os.path.join(root, "release", assignment, name))
        if why:
            return why
    return None


#: What checking one hand-in before nbgrader reads it may cost: it runs in a child of the grading command's own process
#: (which has no cap, and on which every submission's grading depends) with the data cap of the grader's other children,
#: REFUSAL_CPU CPU seconds and REFUSAL_SECONDS of wall time. Round 24: escaping the 33-million-character grade id of a
#: 63 MiB hand-in, to quote it in the refusal, held 3 GiB of that process (and again for each worker at once). Ours
#: (measured, ps1 and ps5 solutions): the check 0.1-0.2 ms, the child about 10 ms of wall time, most of it the fork.
REFUSAL_DATA = forkserver.CHILD_DATA_BYTES
REFUSAL_CPU = 10
REFUSAL_SECONDS = 60.0
REFUSAL_COSTLY = ("the grader stopped checking submitted/{student}/{assignment}/ before grading it: the check {why} (a "
                  "notebook with very long text in its metadata or names?). Hand in the notebook as the release gave it, "
                  "with your answers, and no other files")


class CheckRaised(Exception):
    """The check of a hand-in (`refusal`, in capped_refusal's child) raised an exception of the class `name`."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def capped_refusal(student: str, assignment: str, root: str, limits: dict | None = None) -> str | None:
    """`refusal`, in a child process of this one, capped (REFUSAL_DATA, REFUSAL_CPU, REFUSAL_SECONDS):
    what a hand-in makes the check hold or spend fails that hand-in, in words of the grader's, and nothing else.
    An exception of the check is raised here as CheckRaised naming its class (Submission.refused says it)."""
    import resource
    import select

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: no thread of the parent's runs here; it only reads files and answers on the pipe
        code = 1
        try:
            os.close(read)
            forkserver._pdeathsig(os.getppid())
            forkserver.cap_data(REFUSAL_DATA)
            resource.setrlimit(resource.RLIMIT_CORE, sandbox.NO_CORE)
            forkserver.cap_cpu(REFUSAL_CPU)
            signal.signal(signal.SIGXCPU, signal.SIG_DFL)
            try:
                answer = {"why": refusal(student, assignment, root, limits)}
            except MemoryError:
                answer = {"costly": "held more than the grader's memory cap"}
            except Exception as exc:  # noqa: BLE001 - the hand-in's problem: said by the parent
                answer = {"error": type(exc).__name__}
            data = json.dumps(answer).encode()
            while data:
                data = data[os.write(write, data):]
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    chunks, size, deadline = [], 0, time.monotonic() + REFUSAL_SECONDS
    try:
        while size <= 1 << 20:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([read], [], [], left)[0]:
                break
            chunk = os.read(read, 65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(read)
        try:
            os.kill(pid, signal.SIGKILL)  # done, or past its time: never left running
        except ProcessLookupError:
            pass
        _, status = os.waitpid(pid, 0)
    try:
        answer = json.loads(b"".join(chunks))
    except ValueError:
        answer = {}
    if not isinstance(answer, dict) or not answer:
        why = ("used more than its " + ("CPU time" if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU
                                        else f"{REFUSAL_SECONDS:g} s") + " or memory")
        return REFUSAL_COSTLY.format(student=printable(student[:80]), assignment=assignment, why=why)
    if "costly" in answer:
        return REFUSAL_COSTLY.format(student=printable(student[:80]), assignment=assignment, why=answer["costly"])
    if "error" in answer:
        raise CheckRaised(str(answer["error"])[:80])
    why = answer.get("why")
    return why if isinstance(why, str) else None


#: The nbgrader flags of a cell that the hand-in must keep as the release has them.
NBGRADER_FLAGS = ("grade", "solution", "task")


def nbgrader_metadata_refusal(notebook: str, release: str) -> str | None:
    """Why a hand-in's nbgrader cell metadata is not the release's, or None: an id the assignment does not
    have, one id on two cells, a cell's flags changed. nbgrader fails such a notebook too, but its message
    quotes the id or the cell's text, newlines and all, into the grader's log, where a submission wrote a
    failure reason of its own making; here the reason is the grader's, the hand-in's text escaped."""
    try:
        with open(release, encoding="utf-8") as fh:
            known = {meta["grade_id"]: meta for cell in json.load(fh).get("cells", [])
                     if isinstance(meta := cell.get("metadata", {}).get("nbgrader"), dict) and "grade_id" in meta}
        with open(notebook, encoding="utf-8") as fh:
            handed_in = json.load(fh)
        version, cells = handed_in.get("nbformat"), handed_in.get("cells")
    except (OSError, ValueError, AttributeError, TypeError):
        return None  # no release to compare with, or not a notebook: nbgrader says so itself
    if version != 4 or not isinstance(cells, list):
        # nbgrader upgrades an older notebook as it reads it: a version 3 hand-in keeps its cells under
        # "worksheets", where none of these checks (nor the cap on cells) looked (round 37: 70,000 cells froze the
        # TA's Formgrader page)
        shown = printable(repr(version))[:40]
        return (f"the notebook is not a Jupyter notebook of version 4 (its nbformat: {shown}), as the release is. "
                "Open it in Jupyter and save it (Jupyter saves version 4), or paste your answers into a fresh copy of "
                "the release, and hand in again")
    if len(cells) > MAX_NOTEBOOK_CELLS:
        return (f"the notebook holds {len(cells):,} cells: at most {MAX_NOTEBOOK_CELLS:,} are graded (an assignment has "
                "under 100). Delete the extra cells, and hand in again")
    seen: set = set()
    fix = ("Copy the cell's nbgrader metadata back from the release notebook (or paste your answers into a fresh "
           "copy of the release), and hand in again")
    for number, cell in enumerate(cells, 1):
        meta = cell.get("metadata", {}).get("nbgrader") if isinstance(cell, dict) and isinstance(
            cell.get("metadata"), dict) else None
        if meta is None:
            continue
        gid = meta.get("grade_id") if isinstance(meta, dict) else None
        shown = printable(repr(gid[:60]) if isinstance(gid, str) else type(gid).__name__)[:60]  # never the whole
        if not isinstance(gid, str) or gid not in known:
            return f"cell {number} carries nbgrader metadata with an id ({shown}) that is not one of the assignment's cells. {fix}"
        if gid in seen:
            return f"cells share the nbgrader id {shown} (a cell copied with its metadata?). Delete the copy. {fix}"
        seen.add(gid)
        changed = [flag for flag in NBGRADER_FLAGS if bool(meta.get(flag)) != bool(known[gid].get(flag))]
        if changed:
            return f"cell {number} ({shown}) has its nbgrader flags changed ({', '.join(changed)}). {fix}"
    return None


#: A notebook's size in memory, once read, grows with its lists and objects, not only its bytes ("[]" is
#: 2 bytes on disk and about 60 in Python, again in every copy nbgrader and nbconvert make): both are capped
#: before nbgrader reads it. Our assignments' solutions with outputs: under 1 MiB and 5,000.
MAX_NOTEBOOK_BYTES = 64 * 2**20
MAX_NOTEBOOK_CONTAINERS = 200_000
#: ... and so does the grader's work on it, with its items ("," counted: list elements, object keys) and cells
#: (round 22: one cell of 4.45 million metadata keys in a single object, 98,000 one-character cells: 39-77 CPU-s of
#: a grading child, within the caps above). Ours: under 2,000 commas and 100 cells.
MAX_NOTEBOOK_ITEMS = 300_000
MAX_NOTEBOOK_CELLS = 2_000


def notebook_structure(path: str) -> tuple[int, int, int]:
    """(bytes, number of "[" and "{", number of ",") of a file, read in chunks (upper bounds on its JSON containers
    and on its items: list elements and object keys)."""
    size = containers = items = 0
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            size += len(chunk)
            containers += chunk.count(b"[") + chunk.count(b"{")
            items += chunk.count(b",")
            if size > MAX_NOTEBOOK_BYTES:
                break
    return size, containers, items


def write_beneath(root: str, parts: list[str], text: str, mode: int = 0o600, make: bool = False) -> None:
    """Write root/parts[0]/.../parts[-1] without following a link anywhere below root (`make`: making the
    folders that are missing, mode 0700).

    Each folder is opened with O_NOFOLLOW from the one before; the file is written to a new temporary
    name (O_EXCL) and renamed over the old one, which replaces a link rather than writing through it.
    """
    fd = _folder_beneath(root, parts[:-1], make, what="/".join(parts))
    try:
        tmp = f".{parts[-1]}.{os.getpid()}.{threading.get_ident()}.tmp"
        out = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode, dir_fd=fd)
        try:
            with os.fdopen(out, "w") as fh:
                fh.write(text)
            os.replace(tmp, parts[-1], src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            os.unlink(tmp, dir_fd=fd)
            raise
    finally:
        os.close(fd)


def _folder_beneath(root: str, parts: list[str], make: bool = False, what: str = "") -> int:
    """A descriptor of the folder root/parts[0]/.../parts[-1], each opened with O_NOFOLLOW from the one before
    (`make`: the folders that are missing made, mode 0700); OSError if one is a link or not a folder."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for part in parts:
            if make:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o700, dir_fd=fd)
            try:
                new = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except OSError as exc:
                raise OSError(exc.errno, f"{what or '/'.join(parts)}: {part} is not a plain folder ({exc.strerror}); "
                                         "not writing through it") from None
            os.close(fd)
            fd = new
    except BaseException:
        os.close(fd)
        raise
    return fd


def _remove_tree_beneath(folder_fd: int, name: str) -> None:
    """Remove `name` in the folder `folder_fd` and all below it if it is a plain folder (a link inside is removed,
    never followed; a link or file in its place is left)."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=folder_fd)
    except OSError:
        return
    os.close(fd)
    if sys.version_info >= (3, 11):
        shutil.rmtree(name, dir_fd=folder_fd, ignore_errors=True)  # fd-based: follows no link below it
    else:  # the same walk, reached through the descriptor's name (Linux)
        shutil.rmtree(f"/proc/self/fd/{folder_fd}/{name}", ignore_errors=True)


def drop_staged(root: str, student: str, assignment: str) -> None:
    """Remove GRADING_FOLDER/<student>/<assignment> (nbgrader's first pass of a grading that did not finish: the
    hand-in as written), and the student's folder there once empty, and what `take` copied; no link is followed."""
    drop_taken(root, student, assignment)
    try:
        fd = _folder_beneath(root, [GRADING_FOLDER, student])
    except OSError:
        return  # nothing there (or not a plain folder: refused before the next grading, see `refusal`)
    try:
        _remove_tree_beneath(fd, assignment)
    finally:
        os.close(fd)
    with contextlib.suppress(OSError):
        os.rmdir(os.path.join(root, GRADING_FOLDER, student))  # refuses a link, and a folder in use


def remove_beneath(root: str, parts: list[str]) -> None:
    """Remove the file root/parts[0]/.../parts[-1] if it is there, without following a link below root."""
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        for part in parts[:-1]:
            new = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = new
        os.unlink(parts[-1], dir_fd=fd)
    except OSError:
        pass  # not there
    finally:
        os.close(fd)


def _kernel_folders(private: str) -> dict:
    """A kernel's own HOME, IPython and Jupyter folders, fresh for each submission: a startup file one
    submission plants there cannot run in another's kernel."""
    home = os.path.join(private, "home")
    env = {"HOME": home, "IPYTHONDIR": os.path.join(home, ".ipython"), "MPLCONFIGDIR": os.path.join(home, "mpl"),
           "JUPYTER_CONFIG_DIR": os.path.join(home, ".jupyter"), "JUPYTER_DATA_DIR": os.path.join(home, "jupyter-data"),
           "PYTHONNOUSERSITE": "1"}
    for path in env.values():
        if path.startswith(private):
            os.makedirs(path, exist_ok=True)
    return env


UNSANDBOXED_KERNEL = "distcourse-unsandboxed"


def write_unsandboxed_kernelspec(private: str) -> None:
    spec_dir = os.path.join(private, "kernels", UNSANDBOXED_KERNEL)
    os.makedirs(spec_dir)
    with open(os.path.join(spec_dir, "kernel.json"), "w") as fh:
        json.dump({"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                   "display_name": "Python 3 (grading, unsandboxed)", "language": "python",
                   "env": _kernel_folders(private)}, fh)


#: Why a submission was not graded through no doing of its own (the grader stopped or its server died, killed by the
#: OOM killer or a TA): every such reason begins so, and the run then ends non-zero (main), so that no student shows
#: a missing grade as a 0 in grades.csv without the TA being told to grade again.
GRADER_FAULT = "not graded, no fault of the hand-in: "
STOPPED_REASON = GRADER_FAULT + "the grading stopped before it (see the error above); run make grade again to resume"
STOPPED_DURING = GRADER_FAULT + "the grading stopped while it was graded (see the error above); run make grade again"


class HostUids:
    """The host users of the submissions in flight, when the grader is root: each its own (grader.sandbox.host_ids),
    taken at start and given back once its kernel and observer are gone.

    Machine-wide, not per run: a uid is taken with an exclusive lock on a file of its own in a folder of root's
    (held by this process, so released however it ends) and only while no process runs as it. Round 15: two
    grading runs on one machine both handed out 65533 first, and a hog in one zeroed an honest ps2 in the other.
    A uid given back while a process of its sandbox still runs (one left behind, or a sandbox still being torn
    down) lingers, locked, and is taken again once none runs; when none is free, `take` waits for one rather than
    hand out the shared HOST_UID. Round 16: each uid given back was checked once, with the sandbox's bwrap
    processes not yet reaped (zombies, which hold nothing), so none came back; past 64 submissions every later one
    ran as the shared uid, and round 14's hog zeroed an honest ps2 again."""

    FOLDER = "/run/distcourse-host-uids"
    #: Seconds `take` waits for a uid when every one is in use, before it hands out the shared HOST_UID (and says so).
    WAIT = 600.0

    def __init__(self, pool=None):
        pool = sandbox.HOST_UID_POOL if pool is None else pool
        self.free = [uid for uid in pool if sandbox.free_uid(uid)] if os.geteuid() == 0 else []
        self.held: dict[int, int] = {}  # uid -> the descriptor holding its lock
        self.lingering: set[int] = set()  # given back while a process of it ran: still locked, retaken once none runs
        self.cond = threading.Condition()

    class Busy(Exception):
        """Every uid of the pool is in use (`take(wait=0)`): start this submission later."""

    def take(self, wait: float | None = None) -> int | None:
        """A uid of the pool for a new submission's sandboxes; None where the pool is empty (not root, or no uid free
        of accounts). With every uid in use, waits up to `wait` (WAIT) seconds for one; with `wait=0`, raises Busy
        (a kernel started early must not wait for a uid that only its own worker's submission can give back)."""
        deadline = time.monotonic() + (self.WAIT if wait is None else wait)
        with self.cond:
            if not self.free and not self.held:
                return None
            while True:
                for uid in sorted(self.lingering):  # the pool's own, once nothing of theirs runs
                    if not _processes_of(uid):
                        self.lingering.discard(uid)
                        return uid
                for uid in list(self.free):
                    fd = self._lock(uid)
                    if fd is None:
                        continue
                    if _processes_of(uid):  # another tool's, or a sandbox of a run that ended badly
                        os.close(fd)
                        continue
                    self.free.remove(uid)
                    self.held[uid] = fd
                    return uid
                left = deadline - time.monotonic()
                if wait == 0:
                    raise HostUids.Busy()
                if left <= 0:
                    print(f"grade: every host uid of the sandboxes' pool is in use (this run holds {len(self.held)}): "
                          f"this submission's sandboxes run as the shared uid {sandbox.HOST_UID}", file=sys.stderr)
                    return None
                self.cond.wait(min(left, 0.5))

    def give_back(self, uid: int | None) -> None:
        """`uid`'s submission is done: free for the next once no process of it runs (its lock kept till then)."""
        if uid is None:
            return
        with self.cond:
            if uid not in self.held:
                return
            if _processes_of(uid):
                self.lingering.add(uid)
            else:
                self.lingering.discard(uid)
                os.close(self.held.pop(uid))
                self.free.append(uid)
            self.cond.notify_all()

    def _lock(self, uid: int) -> int | None:
        import fcntl

        folder = self.FOLDER if os.path.isdir(os.path.dirname(self.FOLDER)) else "/var/tmp/distcourse-host-uids"
        try:
            os.makedirs(folder, 0o700, exist_ok=True)
            info = os.lstat(folder)
            if not stat.S_ISDIR(info.st_mode) or info.st_uid != 0 or info.st_mode & 0o077:
                return None  # not a folder of root's alone: no uid is taken through it
            fd = os.open(os.path.join(folder, f"{uid}.lock"), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC,
                         0o600)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return None
        return fd


@functools.cache
def _host_uids() -> HostUids:
    """The process's one pool of host uids (made on first use: an ordinary user's run never needs it)."""
    return HostUids()


class Submission:
    """One submission on its way through the warm grader (grader.forkserver).

    `start` forks its `nbgrader autograde --student` from the server, gated: nbgrader sets up, starts
    the sandboxed kernel and warms it, then waits. `finish` opens the gate, waits at most `timeout`
    seconds (the submission's own time, from its turn on), kills it with its kernel and ranks past
    that, and turns what happened into an Outcome.
    """

    def __init__(self, student: str, assignment: str, root: str, extra: list[str], sandboxed: bool,
                 limits: dict | None = None, db_url: str | None = None):
        self.student, self.assignment, self.root = student, assignment, root
        self.extra, self.sandboxed, self.limits, self.db_url = extra, sandboxed, limits, db_url
        self.kept_scores: dict | None = None
        self.digest: str | None = None  # of the notebooks taken (`_refused`), kept in the marker
        self.child = None
        self.private = None
        self.began = None
        self.template: str | None = None  # the socket of the run's warm kernel template (grader.zygote)
        self.host_uid: int | None = None  # its sandboxes' host user (root only: HostUids)

    def refused(self) -> Outcome | None:
        """The outcome of a submission that is not graded at all, checked before nbgrader reads anything.

        Whatever a check meets in the hand-in is that hand-in's: an exception of a check (a notebook nested
        50,000 deep, an unreadable file, a path past PATH_MAX) refuses it, in words of the grader's. Round 15: one
        such hand-in ended its worker and with it the grading of every later submission, and exited 0."""
        try:
            return self._refused()
        except Exception as exc:  # noqa: BLE001 - the hand-in's problem, never the class's
            return Outcome(self.student, self.assignment, "refused", 0.0,
                           f"the grader could not check submitted/{self.student}/{self.assignment}/ before grading it "
                           f"({exc.name if isinstance(exc, CheckRaised) else type(exc).__name__}: a file it cannot "
                           "read, a path too long, or a notebook nested too "
                           "deep): hand in the notebook as the release gave it, with no other files")

    def _refused(self) -> Outcome | None:
        why = capped_refusal(self.student, self.assignment, self.root, self.limits)
        if why:
            drop_taken(self.root, self.student, self.assignment)
            return Outcome(self.student, self.assignment, "refused", 0.0, why)
        if not glob.glob(os.path.join(self.root, TAKEN_FOLDER, self.student, self.assignment, "*.ipynb")):
            drop_taken(self.root, self.student, self.assignment)
            return Outcome(self.student, self.assignment, "failed", 0.0,
                           f"no notebook of {self.assignment} in submitted/{self.student}/{self.assignment}/ (empty "
                           "submission)")
        # what is graded, for the marker: a later run grades the hand-in again if it changes (changed_since_graded)
        self.digest = hand_in_digest(self.root, [TAKEN_FOLDER, self.student, self.assignment], self.assignment)
        return None

    def start(self, server: forkserver.ForkServer, early: bool = False) -> None:
        """Start it (see the class). `early`: a kernel started ahead of its turn, which raises HostUids.Busy rather
        than wait for a host uid."""
        argv = ["autograde", self.assignment, "--student", self.student, "--force", "--log-level=WARN",
                *_db_args(self.db_url), *self.extra, f"--CourseDirectory.autograded_directory={GRADING_FOLDER}",
                f"--CourseDirectory.submitted_directory={TAKEN_FOLDER}"]  # what `take` copied of the hand-in
        release = os.path.join(self.root, "release", self.assignment, notebook_name(self.assignment, self.root))
        if os.path.isfile(release):  # the graded notebook shows its graded cells in the release's order, all of them
            argv.append(f"--InertForTheBrowser.release={release}")
        # the gradebook's record of its earlier finished grading, put back if this one does not finish: read now, or
        # kept by the marker of a regrade a killed run left (the gradebook may hold part of that attempt)
        kept = _kept_record(self.root, self.student, self.assignment)
        if kept is None and already_graded(self.student, self.assignment, self.root):
            kept = automatic_scores(self.db_url or _db_url(self.root), self.student, self.assignment)
        if kept is not None:
            write_beneath(self.root, ["autograded", self.student, self.assignment, REGRADING_MARKER], json.dumps(kept))
        self.kept_scores = kept
        self.private = private = socket_folder("grade-kernel-")  # the kernel's sockets: runtime/ipc-<n>
        env = venv_env()
        # The kernel talks to nbgrader over IPC sockets in this private folder: no TCP ports to
        # collide between parallel graders, and the only part of the grader's world a sandbox sees.
        os.makedirs(os.path.join(private, "runtime"))
        env.update(JUPYTER_RUNTIME_DIR=os.path.join(private, "runtime"))
        # everything else its grading makes (the kernel's connection file, the observer's folder) in here
        # too: a child killed at the time limit cleans nothing up, and this folder goes whatever became of it
        os.makedirs(os.path.join(private, "tmp"))
        env.update(TMPDIR=os.path.join(private, "tmp"))
        argv += ["--KernelManager.transport=ipc", f"--KernelManager.ip={os.path.join(private, 'runtime', 'ipc')}"]
        # nbgrader starts the kernel through a kernelspec written here: the sandbox, or (unsandboxed)
        # a plain kernel with throwaway HOME, IPython and Jupyter folders of its own
        env.update(JUPYTER_PATH=private, DISTCOURSE_CGROUP_LOG=os.path.join(private, "cgroups"))
        if self.sandboxed:
            sandbox.write_kernelspec(private, self.root, self.limits, self.template)
            argv += [f"--Execute.kernel_name={sandbox.KERNEL_NAME}"]
            try:
                self.host_uid = _host_uids().take(wait=0 if early else None)
            except HostUids.Busy:
                self.cleanup()
                raise
            if self.host_uid is not None:  # its kernel and observer, and no other submission in flight
                env[sandbox.HOST_UID_ENV] = str(self.host_uid)
        else:
            write_unsandboxed_kernelspec(private)
            argv += [f"--Execute.kernel_name={UNSANDBOXED_KERNEL}", "--ResilientExecute.unsandboxed=True"]
        # the kernel's sockets (the only folder of the grader's it may write) on a small tmpfs where the
        # grader may mount one (root): the connection file and sockets take a few kB
        self.child = server.fork(argv, env, self.root, os.path.join(private, "nbgrader.log"), gated=True,
                                 tmpfs=os.path.join(private, "runtime") if self.sandboxed else None,
                                 errors=os.path.join(private, "exceptions"), cpu=SUBMISSION_CPU)

    def wait_warm(self, timeout: float = 120.0) -> None:
        """Until its kernel is warm (or it ended, or `timeout`): then the next kernel may start."""
        try:
            self.child.wait_warm(timeout)
        except forkserver.ServerDied:
            pass

    def go(self) -> None:
        """Its turn: open the gate (nbgrader runs the first cell as soon as its kernel is warm)."""
        if self.began is None:
            self.began = time.monotonic()
            self.child.go()

    def finish(self, timeout: float) -> Outcome:
        """Wait for it (its turn first, if it has not had it), at most `timeout` seconds from its turn. A grading
        that does not finish changes no grade: autograded/ and feedback/ keep an earlier finished grading, if there
        is one (`drop_unfinished`), and the gradebook its automatic scores (round 55: a regrade nbgrader finished but
        the grader then failed, the host's OOM killer having taken its kernel, left the gradebook with the new
        attempt's 0/30 while autograded/ and the feedback page, which release_feedback sends, kept 24/30)."""
        outcome = self._finish(timeout)
        if outcome.status != "graded":
            outcome.reason += self.put_back()
        return outcome

    def put_back(self) -> str:
        """The gradebook's record as it was before this grading (`put_back_scores`), the regrade marker then removed;
        where that fails, a note for the reason (the marker stays: the next run grades it again)."""
        try:
            put_back_scores(self.db_url or _db_url(self.root), self.student, self.assignment, self.kept_scores)
        except Exception as exc:  # the gradebook may hold what nbgrader recorded
            return (f"; the gradebook's automatic scores of it could not be put back ({type(exc).__name__}): it may "
                    "show this attempt's until it is graded again")
        remove_beneath(self.root, ["autograded", self.student, self.assignment, REGRADING_MARKER])
        return ""

    def _finish(self, timeout: float) -> Outcome:
        try:
            try:
                self.go()
                begin = self.began
                status = self.child.wait(max(0.0, timeout - (time.monotonic() - begin)))
            except forkserver.ServerDied:
                self.drop_unfinished()
                return Outcome(self.student, self.assignment, "failed", time.monotonic() - self.began,
                               GRADER_FAULT + "the grading server ended while this submission was graded; grade it again")
            seconds = time.monotonic() - begin
            if status is None:
                self.child.kill()
                with contextlib.suppress(forkserver.ServerDied):
                    self.child.wait(30)  # gone, so that nothing of it writes after the removal below
                self.drop_unfinished()
                return Outcome(self.student, self.assignment, "timeout", time.monotonic() - begin,
                               f"grading this submission took longer than {timeout:g} s and was stopped",
                               log=self.keep_log())
            failed_start = _read_small(os.path.join(self.private, sandbox.SANDBOX_FAILED))
            if failed_start:  # whatever nbgrader made of it: a sandbox the grader could not start is not the hand-in's
                self.drop_unfinished()
                return Outcome(self.student, self.assignment, "failed", seconds,
                               f"{GRADER_FAULT}a sandbox could not be started on this machine "
                               f"({failed_start.splitlines()[0]}); see the log, then grade it again", log=self.keep_log())
            if self.host_oom():  # the kernel the host's OOM killer took was graded as if the hand-in had killed it
                self.drop_unfinished()
                return Outcome(self.student, self.assignment, "failed", seconds,
                               f"{GRADER_FAULT}the machine ran out of memory and its OOM killer stopped this "
                               "submission's sandbox while it held less than its own cap (another process took the "
                               "memory); grade it again", log=self.keep_log())
            graded_nb = os.path.join(self.root, GRADING_FOLDER, self.student, self.assignment,
                                     notebook_name(self.assignment, self.root))
            if status != 0 or not os.path.isfile(graded_nb) or os.path.islink(graded_nb):
                self.drop_unfinished()
                return Outcome(self.student, self.assignment, "failed", seconds, failure_reason(
                    forkserver.read_exceptions(os.path.join(self.private, "exceptions")), status),
                               log=self.keep_log())
            try:
                self.keep_only(notebook_name(self.assignment, self.root))
                write_beneath(self.root, [GRADING_FOLDER, self.student, self.assignment, DONE_MARKER],
                              f"graded in {seconds:.1f} s\nhand-in {self.digest}\n")
                self.publish()
            except OSError as error:  # autograded/ changed under the grader (a link, a file for a folder)
                self.drop_unfinished()
                return Outcome(self.student, self.assignment, "failed", seconds,
                               f"graded, but the graded notebook could not be moved into autograded/: {error}; see "
                               f"that autograded/{self.student} is a plain folder, and grade again")
            remove_beneath(self.root, [KEPT_LOGS, self.assignment, f"{self.student}.log"])  # an earlier failure's
            return Outcome(self.student, self.assignment, "graded", seconds)
        finally:
            self.cleanup()

    def host_oom(self) -> bool:
        """Whether the host's OOM killer took a process of this submission's sandboxes (sandbox.killed_by_host_oom)."""
        log = os.path.join(self.private, "cgroups")
        try:
            with open(log) as fh:
                paths = fh.read().split()
        except OSError:
            return False
        return sandbox.killed_by_host_oom(paths)

    def keep_only(self, notebook: str) -> None:
        """Remove from its graded folder everything but the graded notebook and nbgrader's own two files (checked
        when taken: NBGRADER_FILES), which generate_feedback copies beside the page for release_feedback. nbgrader
        copies every file of the hand-in there, and the TA opens the graded notebook in that folder: Jupyter starts
        the TA's kernel there as `python -m ipykernel_launcher`, which ran a handed-in `ipykernel_launcher.py` as the
        TA, with the TA's environment and gradebook (round 36). The hand-in's files stay in submitted/."""
        fd = _folder_beneath(self.root, [GRADING_FOLDER, self.student, self.assignment])
        try:
            for name in os.listdir(fd):
                if name == notebook or (name in NBGRADER_FILES and stat.S_ISREG(
                        os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode)):
                    continue
                try:
                    os.unlink(name, dir_fd=fd)  # a file, or a link (removed, not followed)
                except (IsADirectoryError, PermissionError):  # a folder (EISDIR; EPERM on some systems)
                    _remove_tree_beneath(fd, name)
        finally:
            os.close(fd)

    def publish(self) -> None:
        """Move its finished grading from GRADING_FOLDER into autograded/, replacing an earlier one whole; no link
        on either way is followed. Before this, autograded/ holds no part of this grading."""
        source = _folder_beneath(self.root, [GRADING_FOLDER, self.student])
        try:
            target = _folder_beneath(self.root, ["autograded", self.student], make=True)
            try:
                aside = f".{self.assignment}.replaced"
                _remove_tree_beneath(source, aside)
                with contextlib.suppress(FileNotFoundError):
                    os.rename(self.assignment, aside, src_dir_fd=target, dst_dir_fd=source)
                try:
                    os.rename(self.assignment, self.assignment, src_dir_fd=source, dst_dir_fd=target)
                except OSError:
                    with contextlib.suppress(OSError):  # the earlier grading back where it was
                        os.rename(aside, self.assignment, src_dir_fd=source, dst_dir_fd=target)
                    raise
                _remove_tree_beneath(source, aside)
            finally:
                os.close(target)
        finally:
            os.close(source)
        self.drop_unfinished()  # the student's folder in GRADING_FOLDER, if it is empty now

    def drop_unfinished(self) -> None:
        """Remove what a grading left in GRADING_FOLDER for this submission (see `drop_staged`). autograded/ holds
        only finished gradings: an earlier one stays. The TA has the hand-in in submitted/, the reason and the
        kept log."""
        drop_staged(self.root, self.student, self.assignment)

    def keep_log(self) -> str:
        """Its grading log (nbgrader's, with the sandbox's labelled output), for the TA: its head and its end, at
        most KEPT_LOG_BYTES, every character but printable ASCII escaped (`printable`) and long lines folded, in
        KEPT_LOGS/<assignment>/<student>.log (mode 0600); returns that path, relative to the course folder, or "" if
        it could not be kept (the reason still says what failed)."""
        try:
            fd = os.open(os.path.join(self.private, "nbgrader.log"), os.O_RDONLY | os.O_NOFOLLOW)
            with os.fdopen(fd, "rb") as fh:
                head = fh.read(KEPT_LOG_BYTES // 16)
                size = os.fstat(fh.fileno()).st_size
                tail_at = max(fh.tell(), size - (KEPT_LOG_BYTES - len(head)))
                mid_line = tail_at > len(head) and os.pread(fh.fileno(), 1, tail_at - 1) != b"\n"
                fh.seek(tail_at)
                tail = fh.read(KEPT_LOG_BYTES - len(head))
            gap = f"\n[... {tail_at - len(head):,} bytes of this log left out ...]\n".encode() if tail_at > len(head) else b""
            # the end starts where a byte count fell: mid-line, its first part is the rest of a line left out,
            # marked as a line's later rows are (round 33: a kernel sized its messages so that the end began with a
            # fake grader line)
            tail = FOLD_MARK.encode() + tail if mid_line else tail
            # every character but printable ASCII shown as its escape, line by line: the log quotes what the kernel printed
            # and what the notebook holds, and the TA reads it in a terminal (round 28: a kernel's escape sequences
            # cleared the screen and wrote lines in the grader's words over the real ones)
            # and folded, so that no text the kernel chose begins a row of the TA's terminal (round 30: a line
            # filling an 80-column row after its label put a fake grader line at the start of the next)
            lines = (head + gap + tail).decode("utf-8", "replace").split("\n")
            text = "\n".join(row for line in lines for row in fold(line))
            parts = [KEPT_LOGS, self.assignment, f"{self.student}.log"]
            write_beneath(self.root, parts, text, mode=0o600, make=True)
            return "/".join(parts)
        except OSError as error:
            print(for_terminal(f"could not keep the grading log of {self.student}/{self.assignment}: {error}"),
                  file=sys.stderr)
            return ""

    def abandon(self) -> None:
        """Kill it (a run interrupted): its grade was never recorded as finished, nor is what it left half-made."""
        if self.child is not None:
            self.child.kill()
            with contextlib.suppress(forkserver.ServerDied):
                self.child.wait(30)
            self.drop_unfinished()
            # the gradebook is left as it is: a grading interrupted after nbgrader recorded it is graded again by the
            # next run (a regrade's marker, REGRADING_MARKER, says so and keeps the record to put back); putting it back
            # here would race a grading that finished as the interrupt came
        self.cleanup()

    def cleanup(self) -> None:
        private, self.private = self.private, None
        if private is None:
            return
        log = os.path.join(private, "cgroups")
        if os.path.exists(log):
            with open(log) as fh:
                sandbox.remove_cgroups(fh.read().split())
        shutil.rmtree(private, ignore_errors=True)
        uid, self.host_uid = self.host_uid, None
        _host_uids().give_back(uid)  # for the next once nothing of this submission runs as it


def _processes_of(uid: int) -> bool:
    """Whether a process of host user `uid` is alive (its sandboxes are gone once none is): any thread of any
    process whose real, effective, saved or filesystem uid is `uid`. A zombie (an ended process its parent has not
    reaped yet: a sandbox's bwrap, when its launcher was killed) holds nothing, but a thread group whose leader has
    ended shows its leader as a zombie while its other threads run on (round 56: such a process of a pool uid's
    local account looked gone, the uid was handed to an honest student's sandbox, and the account wrote into that
    kernel's memory): each of its threads is looked at."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            state = _ids_and_state(f"/proc/{entry}/status", uid)
            if state in ("", "X"):
                continue
            if state != "Z":
                return True
            for task in os.listdir(f"/proc/{entry}/task"):
                if _ids_and_state(f"/proc/{entry}/task/{task}/status", None) not in ("Z", "X", ""):
                    return True
        except OSError:
            continue
    return False


def _ids_and_state(path: str, uid: int | None) -> str:
    """The state letter in a /proc status file, "" if `uid` is none of its four uids (any, for None)."""
    with open(path, "rb") as fh:
        fields = dict(line.split(b":", 1) for line in fh.read().splitlines() if b":" in line)
    if uid is not None and str(uid).encode() not in fields.get(b"Uid", b"").split():
        return ""
    return fields.get(b"State", b" ").strip()[:1].decode()


def grade_one(student: str, assignment: str, root: str, timeout: float, extra: list[str], sandboxed: bool,
              limits: dict | None = None, db_url: str | None = None,
              server: forkserver.ForkServer | None = None) -> Outcome:
    """Grade one submission in a process of its own, killed with its kernel and ranks on timeout."""
    job = Submission(student, assignment, root, extra, sandboxed, limits, db_url)
    refused = job.refused()
    if refused:
        return refused
    own = server is None
    server = server or forkserver.ForkServer(env=venv_env(), cwd=ROOT)
    try:
        job.start(server)
        return job.finish(timeout)
    finally:
        if own:
            server.close()


_RUNNING: set = set()  # submissions in flight (graded or waiting at their gate), killed if the run is interrupted


class _Servers:
    """The warm grader of a run, started again if it ends (its children's submissions fail, no others)."""

    def __init__(self, root: str):
        self.root, self.lock = root, threading.Lock()
        self.server = forkserver.ForkServer(env=venv_env(), cwd=ROOT)

    def get(self) -> forkserver.ForkServer:
        with self.lock:
            if self.server.dead:
                self.server.close()
                self.server = forkserver.ForkServer(env=venv_env(), cwd=ROOT)
            return self.server

    def close(self) -> None:
        self.server.close()


def printable(text: str) -> str:
    """`text` in printable ASCII only, every other character shown as its escape (`\\x1b`, `\\u4dc0`): what
    reaches the TA's terminal and the report may hold text a submission wrote. Control characters would be a
    terminal's escape sequences (round 28); any other character outside ASCII is as wide as the TA's terminal and
    its Unicode tables say, which no program can know (rounds 30-33: wide, ambiguous and newly wide characters
    made a row one program counted as 78 columns fill two), so only characters one column wide everywhere pass."""
    return "".join(c if " " <= c <= "~" else c.encode("unicode_escape").decode("ascii") for c in text)


#: Columns of a kept log's row at most: a longer line is folded, its later rows indented and marked, so that a row
#: of any terminal at least this wide begins with the log's own text (a label, a time stamp) or with FOLD_MARK.
KEPT_LOG_COLUMNS = 78
FOLD_MARK = "    | "


def fold(line: str, columns: int = KEPT_LOG_COLUMNS) -> list[str]:
    """`line`, made `printable` (so every character is one column wide), as rows of at most `columns` characters,
    every row after the first starting with FOLD_MARK."""
    line = printable(line)
    rows, room = [line[:columns]], columns - len(FOLD_MARK)
    rows += [FOLD_MARK + line[at:at + room] for at in range(columns, len(line), room)]
    return rows


def for_terminal(text: str) -> str:
    """`text`, which may quote what a submission wrote (a reason naming a link's target, a feedback page's log), as
    one line of the TA's terminal: `printable` (its line breaks escaped too) and folded (round 32: a link's target
    padded to 80 columns in a refusal reason began rows of the grader's summary with a fake line)."""
    return "\n".join(fold(text))


#: CPU seconds the grader's process for one submission (its `nbgrader autograde`, its feedback page) may use, every
#: step of it (reading, checking and writing the notebook as well as executing it). Round 22: a hand-in of 98,000
#: one-character cells, or of one cell with 4.45 million metadata keys, within the size caps, cost a grading child
#: 39-77 CPU-s and a feedback page 42, none of it while the notebook executed (where max_grading_cpu watches).
#: Ours: at most 2.8 s (the corpus the tests grade). Past it SIGXCPU ends that child, with its reason.
SUBMISSION_CPU = 30.0


#: A failed submission's reason is in the grader's words only, chosen by the classes of the exceptions its grading
#: child caught (forkserver.note_exceptions) and the module that raised them; never by text of the log. Messages
#: quote what the hand-in holds or what the kernel sent: round 13 put a sentence of its own in a message's
#: signature ("Invalid Signature: b'...'"), round 14 a word ending in "Error" in an invalid output, round 15 the
#: name of the exception whose reason it wanted the TA to read (MemoryError, DeadKernelError, CellTimeoutError)
#: after nbformat's traceback. The kernel can still make a real exception happen (die, run out of time, send an
#: output no notebook may hold): the reason then says what really happened. First match wins.
_REASONS = (
    # first: the kernel killed for it then also shows as dead
    ("class", "grader.execute.TooCostlyKernel",
     "the kernel kept the grader's process busy past its CPU limit for a notebook (ResilientExecute.max_grading_cpu, "
     "30 s unless configured) with what it wrote onto its connections to the grader: the notebook was not graded "
     "further"),
    ("class", "grader.execute.TooCostlyMessages",
     "the kernel's messages cost the grader too much to read (more than 5 s of its CPU, or a message of more than "
     "64 parts): the notebook was not graded further; print less"),
    ("class", "grader.execute.TooManyMessages",
     "the kernel sent more than 20,000 messages (a print in a tight loop, or a flood of outputs): the notebook was "
     "not graded further; print less"),
    ("class", "nbclient.exceptions.CellTimeoutError", "a cell did not finish within its time limit and could not be stopped"),
    ("class", "nbgrader.preprocessors.execute.UnresponsiveKernelError",
     "a cell did not finish within its time limit and could not be stopped"),
    ("class", "nbclient.exceptions.DeadKernelError", "the kernel died and the notebook could not go on"),
    ("class", "builtins.MemoryError", f"the grader's process for this submission ran out of memory: {forkserver.MEMORY_NOTE}"),
    ("class", "nbformat.reader.NotJSONError", "the notebook is not valid JSON: nbformat could not read it"),
    ("class", "json.decoder.JSONDecodeError", "the notebook is not valid JSON: nbformat could not read it"),
    ("class", "jsonschema.exceptions.ValidationError",
     "the notebook is not one nbformat accepts (a cell, or an output the kernel sent, breaks its schema): "
     "hand in the notebook as the release gave it, and print what you want to show"),
    ("class", "zmq.error.Again",
     "the kernel stopped taking the grader's requests for 20 s (it closed or broke its end of the connection): the "
     "notebook was not graded further"),
    ("where", "jupyter_client.session",
     "the kernel sent a message the grader could not read (its framing or signature was wrong): the notebook "
     "was not graded"),
    ("class", "zmq.error.ZMQError", "the connection to the kernel failed: the notebook was not graded"),
    ("class", "sqlalchemy.exc.SQLAlchemyError", "the gradebook could not be read or written: see the grader's log"),
    ("class", "builtins.TimeoutError", "the grader timed out waiting for the kernel"),
)
#: The first _REASONS: the grader's own kills for what a kernel cost.
_KILLS = 3


def failure_reason(exceptions: list[dict], status: int | None = None, what: str = "nbgrader autograde") -> str:
    """Why a grading child failed, in the grader's words: from the first exception it noted (with its causes) that
    _REASONS knows, else the class of the first one, else its exit status."""
    def matches(entry: dict, kind: str, name: str) -> bool:
        chains = [entry.get("classes", [])] + list(entry.get("causes", []))
        return (kind == "where" and str(entry.get("where", "")).startswith(name)) or (
            kind == "class" and any(name in chain for chain in chains if isinstance(chain, list)))

    # the grader's own kills for what a kernel cost come first, whichever was noted first (the kernel they killed
    # may be noted dead before: round 22's kill landed in a replay)
    for kind, name, reason in _REASONS[:_KILLS]:
        if any(matches(entry, kind, name) for entry in exceptions):
            return reason
    for entry in exceptions:
        for kind, name, reason in _REASONS:
            if matches(entry, kind, name):
                return reason
    if exceptions and exceptions[0].get("classes"):
        name = str(exceptions[0]["classes"][0]).rsplit(".", 1)[-1]
        return printable(f"{what} raised {name[:80]} (the submission's log has its message)")
    if status is not None and -status in (signal.SIGABRT, signal.SIGSEGV, signal.SIGBUS):
        # an allocation refused under the child's memory cap aborts inside C code (ZeroMQ, the JSON reader)
        return f"{what} was killed by signal {-status}: perhaps {forkserver.MEMORY_NOTE}"
    if status is not None and -status == signal.SIGXCPU:
        return (f"{what} used more than {SUBMISSION_CPU:g} s of the grader's CPU (a hand-in of very many cells or keys, "
                "or a kernel that kept it busy): it was stopped")
    if status is not None and status < 0:
        return f"{what} was killed by signal {-status}"
    return f"{what} failed without an error of its own (its log has what it printed)"


class Progress:
    """A one-line progress bar on stderr (no dependency)."""

    def __init__(self, total: int):
        self.total, self.done, self.lock = total, 0, threading.Lock()

    def step(self, label: str) -> None:
        with self.lock:
            self.done += 1
            width = 30
            filled = int(width * self.done / max(self.total, 1))
            bar = f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
            room = max(KEPT_LOG_COLUMNS - len(bar), 0)  # one row of an 80-column terminal: no row of a name
            bar += f"{printable(label)[:room]:<{room}}"
            if sys.stderr.isatty():
                sys.stderr.write("\r" + bar + ("\n" if self.done == self.total else ""))
            else:  # a log file or CI: one line per submission
                sys.stderr.write(bar.rstrip() + "\n")
            sys.stderr.flush()


class SandboxMissing(SystemExit):
    pass


def _all_descriptors() -> None:
    """Raise this process's soft limit of open files to its hard limit, for every process of the grader's (they
    inherit it). Descriptors in flight over local sockets are counted per host user, and one process may send
    more only while that count is under its own limit: as an ordinary user, where the sandboxes are the grader's
    user, a kernel held 1,518 in flight, and every process of that user whose limit was lower (1,024 is common)
    could pass none for as long (round 33). A sandbox holds at most its cap (sandbox.SANDBOX_FILES) and one message
    more; the grader's own processes stay above it wherever the hard limit allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 2**20, hard))


#: What of a course only the TA reads: hand-ins, grades, feedback, logs, the solutions and hidden tests (source/), and
#: of the checkout the judges (autograders/: the quiz keys), its tests (correct hand-ins in tests/submissions) and its
#: history (.git holds the solutions). Each run makes them unreadable to other users, at its start and end (rounds 47
#: and 48: a student with an account on the grading machine, as nbgrader's exchange has, read another student's
#: feedback page, the gradebook, the quiz keys, and a correct hand-in that scored 24 of 24). The sandboxes read
#: helpers/, probes/ and the venv only.
PRIVATE_IN_COURSE = ("submitted", "autograded", "feedback", KEPT_LOGS, TAKEN_FOLDER, GRADING_FOLDER, "source",
                     "gradebook.db", "grades.csv", "grading_report.json", "grades_by_exercise.png")
PRIVATE_IN_CHECKOUT = ("autograders", "source", "tests", ".git")


def keep_private(root: str, files: tuple[str, ...] = ()) -> list[str]:
    """Take every permission of group and others off PRIVATE_IN_COURSE (in `root`), and PRIVATE_IN_CHECKOUT where the
    course is this checkout (`make grade`; a course folder kept elsewhere may be graded by other users from one shared
    checkout, who read its judges), where the caller owns them; no link is followed. The folders, and the `files` of
    the course, that are missing are made first, the caller's alone, before anything writes into them. Returns the
    paths changed."""
    changed = []
    # made now, before anything is written into them (nbgrader makes its folders with the caller's umask, and round
    # 48's local student read the graded notebooks in .autograding/ and the gradebook during the first run)
    for name in ("autograded", "feedback", KEPT_LOGS, TAKEN_FOLDER, GRADING_FOLDER):
        with contextlib.suppress(OSError):
            os.mkdir(os.path.join(root, name), 0o700)
    for name in files:  # SQLite makes its journal with the database's mode; nbgrader's export keeps grades.csv's
        with contextlib.suppress(OSError):
            os.close(os.open(os.path.join(root, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600))
    in_checkout = PRIVATE_IN_CHECKOUT if os.path.realpath(root) == os.path.realpath(ROOT) else ()
    for folder, name in [(root, n) for n in PRIVATE_IN_COURSE] + [(ROOT, n) for n in in_checkout]:
        path = os.path.join(folder, name)
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:  # not there, a link, or not ours to read
            continue
        try:
            info = os.fstat(fd)
            if _make_mine(fd, info):
                if stat.S_ISREG(info.st_mode) and folder == root:
                    _renew(root, name, fd)
                changed.append(path)
            if info.st_uid == os.geteuid() and stat.S_ISDIR(info.st_mode):
                _private_below(fd)
        except OSError:
            pass
        finally:
            os.close(fd)
    return changed


def _make_mine(fd: int, info: os.stat_result) -> bool:
    """Take the group's and others' permissions off the folder or plain file `fd` (its `fstat` is `info`) if the
    caller owns it; whether they had any."""
    if info.st_uid != os.geteuid() or not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
        return False
    if not stat.S_IMODE(info.st_mode) & 0o077:
        return False
    os.fchmod(fd, stat.S_IMODE(info.st_mode) & ~0o077)
    return True


def _private_below(fd: int) -> None:
    """Every folder and file below the folder `fd` that the caller owns made hers alone, no link followed: a
    descriptor of a folder inside, opened while it was readable, looks names up against that folder's own mode (round
    49: one of source/ps2/, held from before the first run, read the TA's later edit of the solutions). A walk with a
    stack of its own (round 50: 1,200 nested folders in a hand-in overflowed a recursive one and stopped every run);
    whatever one entry raises stops that entry only."""
    stack = [os.dup(fd)]
    while stack:
        folder = stack.pop()
        try:
            names = os.listdir(folder)
        except OSError:
            names = []
        try:
            for name in names:
                try:
                    inner = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
                except OSError:
                    continue
                keep = False
                try:
                    info = os.fstat(inner)
                    _make_mine(inner, info)
                    keep = info.st_uid == os.geteuid() and stat.S_ISDIR(info.st_mode) and len(stack) < 10_000
                except Exception:  # noqa: BLE001 - one entry's trouble stops that entry only
                    pass
                if keep:
                    stack.append(inner)
                else:
                    os.close(inner)
        finally:
            os.close(folder)


def _renew(root: str, name: str, fd: int) -> None:
    """Replace the course's file `name` (open as `fd`, once readable by others) by a copy of it in a new file of the
    caller's alone: a descriptor someone opened while it was readable still reads a file after a chmod, and SQLite
    and nbgrader's export write theirs in place (round 48: a student's held descriptor read the live gradebook on
    every later run). SQLite's own backup for the gradebook (it may be in use), a copy for the rest."""
    tmp = f".{name}.{os.getpid()}.private"
    dest = os.open(os.path.join(root, tmp), os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        if name == "gradebook.db":
            import sqlite3

            os.close(dest)
            dest = None
            with contextlib.closing(sqlite3.connect(f"file:{os.path.join(root, name)}?mode=ro", uri=True)) as old, \
                    contextlib.closing(sqlite3.connect(os.path.join(root, tmp))) as new:
                old.backup(new)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            while chunk := os.read(fd, 1 << 20):
                os.write(dest, chunk)
        os.replace(os.path.join(root, tmp), os.path.join(root, name))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(os.path.join(root, tmp))
        raise
    finally:
        if dest is not None:
            os.close(dest)


def grade(names: list[str] | None = None, root: str = ROOT, workers: int | None = None, regrade: bool = False,
          submission_timeout: float = 900.0, extra: list[str] | None = None, feedback: bool = True,
          unsandboxed: bool = False, limits: dict | None = None, db_url: str | None = None,
          shard: str | None = None, warn: bool = True, plot: bool = False, tables: str | None = None) -> list[Outcome]:
    """Grade every submission of `names`; see the module docstring.

    Student code runs in the sandbox of grader.sandbox (`limits` overrides its resource caps).
    Where it cannot run, grading is refused unless `unsandboxed=True` says to run student code with
    the grader's own rights. `db_url` points every nbgrader call at another gradebook (a PostgreSQL
    server shared by several machines); `shard="i/n"` grades only this machine's share. `plot` draws
    grades_by_exercise.png (grader.class_report) beside the feedback and export; `tables` is a file
    to write the gradebook's tables to (`write_tables`).
    """
    forkserver.leave_out_unneeded_imports()
    _all_descriptors()
    db_url = guarded_db_url(db_url)
    names = names or submitted_assignments(root)
    if not names:
        raise SystemExit("nothing to grade: submitted/<student>/<assignment>/ is empty (see `make demo` for an example)")
    made_private = keep_private(root, () if db_url else ("gradebook.db",))
    if made_private and warn:
        print(for_terminal(f"made readable by you only (other users may have read them): {', '.join(made_private)}"),
              file=sys.stderr)
    # Without cgroups (an ordinary user) the sandbox caps processes per user (RLIMIT_NPROC), a count
    # every sandbox shares: a submission that forks to that cap would starve one graded beside it.
    # One submission at a time then, with no kernel started early for the next.
    workers = workers or os.cpu_count() or 1
    serial = not unsandboxed and not sandbox.cgroups_possible()
    if serial and workers > 1 and warn:
        print("grading one submission at a time: without cgroups (an ordinary user) the sandboxes share one "
              "per-user process cap (README, Threat model)", file=sys.stderr)
    workers = 1 if serial else workers
    # Never more submissions at once, nor any at a larger memory cap, than the host's memory holds beside the grader
    # (round 50: four of 6 GiB on a 23-GiB machine; memory a sandbox holds where no process shows it is its cgroup's)
    plan = None if unsandboxed or serial else sandbox.memory_plan(limits, warm=workers)
    at_once = 2 * workers if plan is None else min(2 * workers, plan[0])
    if plan is not None and plan[1] < {**sandbox.DEFAULT_LIMITS, **(limits or {})}["memory_bytes"]:
        limits = {**(limits or {}), "memory_bytes": plan[1]}
        if warn:
            print(f"each submission may hold {plan[1] / 2**30:.2f} GiB (the sandbox's cap lowered to what this "
                  "machine's memory holds beside the grader); a notebook that needs more fails for memory",
                  file=sys.stderr)
    elif at_once < 2 * workers and warn:
        cap = {**sandbox.DEFAULT_LIMITS, **(limits or {})}["memory_bytes"]
        print(f"grading at most {at_once} submission(s) at once: each may hold {cap / 2**30:.1f} GiB (the "
              "sandbox's memory cap), and this machine's memory holds no more beside the grader", file=sys.stderr)
    workers = min(workers, at_once)
    servers, steps = _Servers(root), None  # the warm grader imports nbgrader, torch and the judges meanwhile
    # ... and the kernels' template imports what every kernel imports (grader.zygote)
    template = None
    if not unsandboxed and sandbox.available() is None:
        try:
            template = sandbox.Template(limits)
        except OSError as exc:
            print(f"no kernel template ({exc}): each kernel imports torch itself", file=sys.stderr)
    try:
        # the gradebook is checked by a child of the warm grader (nbgrader's imports are there already)
        # while this process checks the sandbox
        steps = ClassSteps(servers, root)
        steps.start(("call", "grader.grade", "ensure_in_gradebook", [names, root, db_url]))
        why = None if unsandboxed else sandbox.self_test(root)
        if why:
            raise SandboxMissing(
                f"REFUSING TO GRADE: student code would run unsandboxed, with your rights, because {why}.\n"
                "Install it, or pass --unsandboxed (make grade UNSANDBOXED=1) if you trust every submission."
            )
        sandboxed = not unsandboxed
        if not sandboxed and warn:
            print("WARNING: grading WITHOUT a sandbox: student code runs with your rights (README, Threat model)",
                  file=sys.stderr)
        if not steps.wait(quiet=True):
            ensure_in_gradebook(names, root, db_url)  # again here, where its error reaches the TA
        queue, outcomes = [], []
        for student, assignment in shard_of(jobs(names, root), shard):
            # what a grader killed (kill -9, the OOM killer) left of its grading: it is graded again, or it was
            # regraded over a finished grading, which stays
            drop_staged(root, student, assignment)
            if not regrade and already_graded(student, assignment, root) and not changed_since_graded(student,
                                                                                                     assignment, root):
                outcomes.append(Outcome(student, assignment, "skipped", 0.0, "graded by an earlier run"))
            else:
                queue.append(Submission(student, assignment, root, extra or [], sandboxed, limits, db_url))
                queue[-1].template = template.path if template else None
        queue.reverse()  # popped from the end: in order
        progress = Progress(len(queue))
        lock, stop, interrupted = threading.Lock(), threading.Event(), threading.Event()
        left = {name: 0 for name in names}  # submissions of each assignment still to grade
        for job in queue:
            left[job.assignment] += 1

        def feedback_for(name: str) -> None:
            """Feedback of one assignment, once all its submissions are graded (the others may still be)."""
            if not feedback:
                return
            excluded = feedback_exclusions(name, root, outcomes)
            if excluded is not None:
                # one page per student, each in a child of its own with its own limits: a hand-in whose
                # page takes too long, or too much memory, loses that page only
                students = [s for s in graded_students(name, root) if s not in excluded]
                # a page made again for each student graded in this run (round 48: a regraded hand-in kept its first
                # page, nbgrader skipping a page it thinks current), left as it is for the others
                again = {o.student for o in outcomes if o.assignment == name and o.status == "graded"}
                steps.start_in_turn([(s, name, ["generate_feedback", name, "--student", s, *_db_args(db_url),
                                                *(["--force"] if s in again else [])])
                                     for s in students], FEEDBACK_TIMEOUT)

        def record(outcome: Outcome) -> None:
            with lock:
                outcomes.append(outcome)
                left[outcome.assignment] -= 1
                last = left[outcome.assignment] == 0 and not stop.is_set()
            progress.step(f"{outcome.assignment}/{outcome.student} {outcome.status}")
            if last:
                feedback_for(outcome.assignment)

        for name in names:
            if left[name] == 0:  # everything graded by an earlier run
                feedback_for(name)

        def next_started(early: bool = False) -> Submission | None:
            """The next submission to grade, its kernel starting (refused ones are recorded on the way). `early`: ahead
            of its turn, and only if a host uid is free now (else None, the submission left in the queue)."""
            while not stop.is_set():
                with lock:
                    if not queue:
                        return None
                    job = queue.pop()
                refused = job.refused()
                if refused:
                    record(refused)
                    continue
                with lock:
                    if stop.is_set():
                        queue.append(job)  # named with the others never reached, not lost
                        return None
                    _RUNNING.add(job)
                try:
                    job.start(servers.get(), early=early)
                except HostUids.Busy:
                    with lock:
                        _RUNNING.discard(job)
                        queue.append(job)  # the next one popped
                    return None
                except forkserver.ServerDied:
                    with lock:
                        _RUNNING.discard(job)
                    record(Outcome(job.student, job.assignment, "failed", 0.0,
                                   GRADER_FAULT + "the grading server ended before this submission started; grade it again"))
                    continue
                except Exception as exc:  # noqa: BLE001 - this submission's, not the worker's
                    with lock:
                        _RUNNING.discard(job)
                    job.abandon()
                    record(Outcome(job.student, job.assignment, "failed", 0.0,
                                   f"{GRADER_FAULT}the grader could not start this submission ({type(exc).__name__}); grade it again"))
                    continue
                return job
            return None

        ready: list[Submission] = []  # started, their kernels warming up (or warm) for their turn

        def take() -> Submission | None:
            with lock:
                if ready:
                    return ready.pop(0)
            return next_started()

        def prestart() -> None:
            """Start kernels for the turns to come: as many warming up or waiting as there are workers."""
            with lock:
                wanted = len(ready) < workers
            if wanted:
                job = next_started(early=True)
                if job is not None:
                    with lock:
                        ready.append(job)

        def work() -> None:
            try:
                _work()
            except BaseException:  # noqa: BLE001 - said, and the run ends non-zero (main), never silently
                import traceback

                crashed.append(traceback.format_exc())
                stop.set()

        crashed: list[str] = []
        lost: list[Submission] = []  # in a worker's hand when the worker failed

        def _work() -> None:
            # A worker takes a submission whose kernel is already warm when there is one, starts it,
            # and once its kernel is warm starts the kernel of a later one (at low priority, so the two
            # do not share the CPU before). The admission lets a submission start only while fewer
            # than `workers` running ones use the CPU: one that waits (a deadlock until a probe's
            # timeout) does not hold a worker's place (grader.admission).
            while not stop.is_set():
                ticket = object()
                if not admission.enter(ticket, stop):
                    return
                try:
                    current = take()
                    if current is None:
                        return
                    try:
                        admission.watch(ticket, current.child.pid)
                        with contextlib.suppress(forkserver.ServerDied):  # finish() fails this one for it (a06)
                            current.go()
                        current.wait_warm()
                        if not serial:
                            prestart()
                        outcome = current.finish(submission_timeout)
                    except BaseException:
                        # a fault of the grader's own while this one was in hand (round 50: the warm grader killed
                        # as its turn began): it is named with the run's error, its kernel gone, nothing of it kept
                        with lock:
                            _RUNNING.discard(current)
                            lost.append(current)
                        with contextlib.suppress(Exception):
                            current.abandon()
                        raise
                    with lock:
                        _RUNNING.discard(current)
                    if not interrupted.is_set():  # a run stopped by a fault still says how its own ones ended
                        record(outcome)
                finally:
                    admission.leave(ticket)

        admission = Admission(workers, limit=workers if serial else at_once)
        threads = [threading.Thread(target=work, daemon=True) for _ in range(admission.limit)]
        try:
            for thread in threads:
                thread.start()
            for thread in threads:
                while thread.is_alive():
                    thread.join(0.2)
        except KeyboardInterrupt:
            # Stop at once: queued submissions never start, running ones are killed with their kernels.
            # Every grade already recorded stays in the gradebook; the next run resumes after them.
            interrupted.set()
            stop.set()
            with lock:
                running = list(_RUNNING)
                _RUNNING.clear()
            for job in running:
                job.abandon()
            done = sum(o.status == "graded" for o in outcomes)
            print(f"\ninterrupted: {done} submission(s) graded in this run are kept; run again to resume", file=sys.stderr)
            raise
        finally:
            admission.close()
        for job in ready:  # left over only when the run stopped
            job.abandon()
        if crashed:  # a fault of the grader's own: every submission it did not reach is named, none is lost
            print(for_terminal("the grading stopped: " + crashed[0][-3000:]), file=sys.stderr)
            seen = {(o.student, o.assignment) for o in outcomes}
            for job in [*lost, *queue, *ready]:
                if (job.student, job.assignment) not in seen:
                    seen.add((job.student, job.assignment))
                    outcomes.append(Outcome(job.student, job.assignment, "failed", 0.0,
                                            STOPPED_DURING if job in lost else STOPPED_REASON))
        # Every grade is final: the report first, so that no class step (each with a time limit) can
        # keep it from the TA.
        report = [asdict(o) for o in sorted(outcomes, key=lambda o: (o.assignment, o.student))]
        write_beneath(root, ["grading_report.json"], json.dumps(report, indent=1))
        # Then what reads every grade, side by side: grades.csv and the picture.
        keep_private(root, ("grades.csv",))  # nbgrader's export keeps the mode of the file it rewrites
        steps.start(["export", "--to", os.path.join(root, "grades.csv"), *_db_args(db_url)])
        if plot:
            steps.start(("call", "grader.class_report", "write_class_report", [root, db_url or _db_url(root)]))
        if tables:
            steps.start(("call", "grader.grade", "write_tables", [root, db_url, tables]))
        steps.wait()
        if steps.pages:  # the report again, with what became of each feedback page
            for o in outcomes:
                o.feedback = steps.pages.get((o.student, o.assignment), o.feedback)
            report = [asdict(o) for o in sorted(outcomes, key=lambda o: (o.assignment, o.student))]
            write_beneath(root, ["grading_report.json"], json.dumps(report, indent=1))
        return outcomes
    finally:
        servers.close()
        if template is not None:
            template.close()
        if steps is not None:
            steps.close()
        keep_private(root)  # what this run made (feedback/, grades.csv, the report)


class ClassSteps:
    """The class-level steps (nbgrader commands as argv lists, or ("call", module, function, args) for a
    function of ours), each a child of the warm grader, started as soon as what it reads is final:
    an assignment's feedback once its last submission is graded, while the others are."""

    def __init__(self, servers: _Servers, root: str, timeout: float = CLASS_STEP_TIMEOUT):
        self.servers, self.root, self.timeout = servers, root, timeout
        self.logs = tempfile.mkdtemp(prefix="grade-steps-")
        self.running: list = []
        self.turns: list[threading.Thread] = []
        self.pages: dict[tuple[str, str], str] = {}  # (student, assignment) -> written | failed: why

    def _fork(self, step, log: str, cpu: float | None = None):
        """A child of the warm grader running `step` (an nbgrader argv, or ("call", module, function, args)); the
        exceptions that fail it are noted beside its log (`log` + ".exceptions"); `cpu`: its CPU seconds."""
        call = tuple(step[1:]) if step[0] == "call" else None
        return self.servers.get().fork(None if call else [*step, "--log-level=WARN"], venv_env(), self.root, log,
                                       call=call, errors=log + ".exceptions", cpu=cpu)

    @staticmethod
    def _status(child, wait: float, limit: float):
        """The child's exit status, or why it has none: killed after `wait` more seconds (its `limit` in all),
        or the grading server ended."""
        try:
            status = child.wait(wait)
            if status is None:
                child.kill()
                return f"stopped after {limit:g} s"
            return status
        except forkserver.ServerDied:
            return "the grading server ended"

    @staticmethod
    def _tail(log: str, chars: int) -> str:
        if not os.path.exists(log):
            return ""
        with open(log, errors="replace") as fh:
            return fh.read()[-chars:]

    def start_in_turn(self, pages: list, timeout: float) -> None:
        """One student's step after another ((student, assignment, step) each, a step as for `start`) in a
        thread, each a child of its own stopped after `timeout` s; what became of each goes to `pages` and,
        if it failed, to stderr."""
        def run() -> None:
            for student, assignment, step in pages:
                log = os.path.join(self.logs, f"page-{assignment}-{len(self.pages)}-{os.getpid()}.log")
                try:
                    status = self._status(self._fork(step, log, cpu=SUBMISSION_CPU), timeout, timeout)
                except forkserver.ServerDied:
                    status = "the grading server ended"
                if status == 0:
                    self.pages[(student, assignment)] = "written"
                    continue
                text = self._tail(log, 1_000_000)
                why = (failure_reason(forkserver.read_exceptions(log + ".exceptions"), status, "the feedback page's process")
                       if isinstance(status, int) else status)
                self.pages[(student, assignment)] = f"failed: {why}"
                print(for_terminal(f"feedback {assignment}/{student} failed ({status}): {text[-1000:]}"), file=sys.stderr)

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        self.turns.append(thread)

    def start(self, step) -> None:
        log = os.path.join(self.logs, f"{len(self.running)}.log")
        try:
            child = self._fork(step, log)
        except forkserver.ServerDied:
            child = None
        self.running.append((step, log, child, time.monotonic()))

    def wait(self, quiet: bool = False) -> bool:
        """Wait for every step started, each at most `timeout` seconds from its start (then it is
        killed); a failure is said on stderr (unless `quiet`), with the end of its log. True when every
        step succeeded."""
        ok = True
        for step, log, child, began in self.running:
            status = "could not start" if child is None else self._status(
                child, max(0.0, self.timeout - (time.monotonic() - began)), self.timeout)
            ok = ok and status == 0
            if status != 0 and not quiet:
                print(for_terminal(f"class step {' '.join(map(str, step[:3]))} failed ({status}): {self._tail(log, 2000)}"),
                      file=sys.stderr)
        self.running = []
        for thread in self.turns:  # each page has its own limit
            thread.join()
        self.turns = []
        return ok and all(v == "written" for v in self.pages.values())

    def close(self) -> None:
        shutil.rmtree(self.logs, ignore_errors=True)


def graded_students(assignment: str, root: str) -> list[str]:
    """Students whose submission of `assignment` is graded (its finished-marker written), in order."""
    try:
        students = sorted(os.listdir(os.path.join(root, "autograded")))
    except FileNotFoundError:
        return []
    return [s for s in students if id_refusal(s) is None and already_graded(s, assignment, root)]


def _with_gradebook(db_url: str, work):
    """work(gb) in a gradebook session, retried while another grader holds SQLite's lock (nbgrader's own
    processes write beside this one)."""
    from nbgrader.api import Gradebook
    from sqlalchemy.exc import OperationalError

    for attempt in range(40):
        try:
            with Gradebook(db_url) as gb:
                return work(gb)
        except OperationalError:
            if attempt == 39:
                raise
            time.sleep(0.25)


def automatic_scores(db_url: str, student: str, assignment: str) -> dict:
    """What a grading of nbgrader's writes of `student`'s `assignment` in the gradebook, as plain data (kept in the
    regrade marker): the submission's timestamp, and for each notebook its late penalty, each grade's automatic score
    and whether it needs a manual grade, each comment's automatic text ({} when it has no submission)."""
    from nbgrader.api import MissingEntry

    def read(gb):
        try:
            submission = gb.find_submission(assignment, student)
        except MissingEntry:
            return {}
        return {"timestamp": submission.timestamp.isoformat() if submission.timestamp else None,
                "notebooks": {nb.name: {"late": nb.late_submission_penalty,
                                        "grades": {g.name: [g.auto_score, g.needs_manual_grade] for g in nb.grades},
                                        "comments": {c.name: c.auto_comment for c in nb.comments}}
                              for nb in submission.notebooks}}
    return _with_gradebook(db_url, read)


def put_back_scores(db_url: str, student: str, assignment: str, kept: dict | None) -> None:
    """The gradebook's record of `student`'s `assignment` as `automatic_scores` read it, or no automatic score at all
    (None: grades.csv counts it 0, Formgrader shows it ungraded) where `kept` has none; manual scores and comments
    stay. Round 57: scores alone were put back, and a failed regrade's timestamp (on time, where the graded hand-in
    was late) and its automatic comments stood."""
    import datetime

    from nbgrader.api import MissingEntry

    def write(gb):
        try:
            submission = gb.find_submission(assignment, student)
        except MissingEntry:
            return
        notebooks = (kept or {}).get("notebooks", {})
        if kept and "timestamp" in kept:
            submission.timestamp = datetime.datetime.fromisoformat(kept["timestamp"]) if kept["timestamp"] else None
        for nb in submission.notebooks:
            was = notebooks.get(nb.name, {"late": None, "grades": {}, "comments": {}})
            nb.late_submission_penalty = was["late"]
            for grade in nb.grades:
                grade.auto_score, grade.needs_manual_grade = was["grades"].get(grade.name, (None, grade.needs_manual_grade))
            for comment in nb.comments:
                comment.auto_comment = was["comments"].get(comment.name)
        gb.db.commit()
    _with_gradebook(db_url, write)


def feedback_exclusions(assignment: str, root: str, outcomes: list[Outcome]) -> list[str] | None:
    """Students whose feedback is not generated, because a link or special file is where nbgrader's
    generate_feedback would copy from (autograded/) or write to (feedback/): it follows links. None
    when no feedback can be generated safely at all (one of those folders is itself a link)."""
    for folder in ("autograded", "feedback"):
        if os.path.islink(os.path.join(root, folder)):
            print(f"no feedback generated: {folder}/ is a symbolic link; the grader does not write through links",
                  file=sys.stderr)
            return None
    excluded = []
    for folder in sorted(glob.glob(os.path.join(root, "autograded", "*", assignment))):
        student = os.path.basename(os.path.dirname(folder))
        problems = unsafe_entries(root, "autograded", student, assignment) + unsafe_entries(root, "feedback", student, assignment)
        if problems:
            excluded.append(student)
            note = f"no feedback generated: {problems[0]}"
            print(for_terminal(f"{assignment}/{student}: {note}"), file=sys.stderr)
            for o in outcomes:
                if o.student == student and o.assignment == assignment:
                    o.reason = f"{o.reason}; {note}" if o.reason else note
    return excluded


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


def write_tables(root: str, db_url: str | None, path: str) -> None:
    """The gradebook's two tables (per submission, per exercise) into the file `path`."""
    text = gradebook_table(root, db_url) + "\n\n" + exercise_table(root, db_url)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


def _interrupted(signum, frame):
    raise KeyboardInterrupt(signal.Signals(signum).name)


def main(argv=None) -> int:
    # Whatever this run or nbgrader, SQLite and matplotlib in its children create is the TA's alone (keep_private
    # names what must be; this covers what it does not: round 48 read what a first run made with the TA's umask 022)
    os.umask(0o077)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="assignments (default: all that have submissions)")
    parser.add_argument("--workers", type=int, default=None, help="parallel submissions (default: number of cores)")
    parser.add_argument("--regrade", action="store_true", help="grade again submissions graded by an earlier run")
    parser.add_argument("--submission-timeout", type=float, default=900.0, help="seconds one submission may take")
    parser.add_argument("--course-dir", default=ROOT)
    parser.add_argument("--db-url", default=os.environ.get("DISTCOURSE_DB_URL"),
                        help="gradebook URL, e.g. postgresql+psycopg2://user@host/db shared by several machines "
                             "(default: $DISTCOURSE_DB_URL, else gradebook.db in the course directory). Give one with "
                             "a password in $DISTCOURSE_DB_URL: a command line is every local user's to read")
    parser.add_argument("--shard", default=None, help="i/n: grade only this machine's share, e.g. 1/2 and 2/2")
    parser.add_argument("--unsandboxed", action="store_true",
                        help="run student code without the sandbox, with your rights: only for submissions you trust "
                             "(README, Threat model, says what this gives up)")
    args = parser.parse_args(argv)
    args.db_url = guarded_db_url(args.db_url)
    # ended from outside (`docker stop`, `systemctl stop`, `timeout`: SIGTERM; the TA's terminal or SSH session
    # closed: SIGHUP) as by Ctrl-C: running submissions killed with their kernels, what they left half-made removed
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupted)
    use_this_checkout()  # kernels, observers and ranks run this checkout's helpers/ and probes/
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    start, started = time.monotonic(), time.time() - 1
    with tempfile.TemporaryDirectory(prefix="grade-tables-") as folder:
        tables = os.path.join(folder, "tables.txt")  # written by the warm grader, beside the export
        outcomes = grade(args.names, args.course_dir, args.workers, args.regrade, args.submission_timeout,
                         unsandboxed=args.unsandboxed, db_url=args.db_url, shard=args.shard, plot=True, tables=tables)
        seconds = time.monotonic() - start
        if os.path.isfile(tables):
            with open(tables, encoding="utf-8") as fh:
                text = fh.read()
        else:
            text = gradebook_table(args.course_dir, args.db_url) + "\n\n" + exercise_table(args.course_dir, args.db_url)
    print()
    print("\n".join(for_terminal(line) for line in text.split("\n")))  # student ids are folder names
    plot = os.path.join(args.course_dir, "grades_by_exercise.png")  # drawn by grade(), beside the feedback
    plot = plot if os.path.isfile(plot) and os.path.getmtime(plot) >= started else None
    problems = [o for o in outcomes if o.status in ("failed", "timeout", "refused")]
    if problems:
        print("\nsubmissions that could not be graded in full:")
        for o in problems:
            print(for_terminal(f"  {o.assignment}/{o.student}: {o.status}: {o.reason}"))
    graded = sum(o.status == "graded" for o in outcomes)
    print(f"\n{graded} submission(s) graded in {seconds:.1f} s"
          f" ({sum(o.status == 'skipped' for o in outcomes)} already graded, skipped; --regrade to redo)")
    print(f"feedback: {os.path.join(args.course_dir, 'feedback')}/<student>/<assignment>/   "
          f"grades: {os.path.join(args.course_dir, 'grades.csv')}   plot: {plot}")
    print("written answers: `make lab`, then nbgrader's Formgrader")
    faults = sum(o.reason.startswith(GRADER_FAULT) for o in outcomes)
    if faults:
        print(f"\n{faults} submission(s) not graded through no fault of their own (above): their students have no "
              "grade yet, whatever grades.csv shows; run make grade again to grade them", file=sys.stderr)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
