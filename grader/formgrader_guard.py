"""What nbgrader's Formgrader may do in the TA's Jupyter server, for this course.

Formgrader runs inside the TA's Jupyter server (`make lab`), as the TA, and reads the course's
nbgrader_config.py, which calls `install()`. Two of its routes are closed there:

- its "autograde" button (`POST /formgrader/api/submission/<assignment>/<student>/autograde`) ran
  `nbgrader autograde` in the server itself: the hand-in in the notebook's own kernel, as the TA, with the
  TA's environment, past every check and cap of `make grade` (round 37). It answers that grading is done with
  `make grade` now (grader/execute.py refuses such a run too);
- its files of a submission (`/formgrader/submissions/<id>/<path>`) were served from the course folder, the
  path joined unresolved: `..%2f` climbed out of the graded folder to any file of the course (the solutions,
  the gradebook, a hand-in's HTML file), served as a page of the TA's own origin, without the sandbox Jupyter
  puts on its own file routes; one click on a link in a written answer rewrote the class's grades (round 37).
  The graded folder holds the graded notebook only (grader/grade.py), which Formgrader shows through its own
  page, so the route answers 404 for every path.

Nothing of these runs unless Formgrader's handlers are loaded (the TA's server).

And wherever nbgrader reads the course's configuration (the TA's server, `nbgrader validate` in the course folder),
its Validator (the Validate button, `nbgrader validate`) refuses a hand-in: a notebook in the course's submitted/,
autograded/, .autograding/, .taken/ or feedback/, in any folder of those names or the exchange's `inbound`, or owned
by another user than the one who validates. It runs the notebook in a plain kernel with the rights of whoever asks:
the TA validating mallory's hand-in (in submitted/ or the graded copy) ran her code as the TA, which rewrote the
class's grades (round 38); a copy of it elsewhere did too (round 39). A student validates her own copy, which is in
none of those folders and is hers. What no check can tell: a copy the TA made of a hand-in is the TA's file, and
validating it runs it as the TA (the README says so).

`nbgrader zip_collect` is refused wherever the course's configuration is read: it takes student ids and file names
from a regular expression over uploaded archives, as whoever runs it, and an upload named for another student replaced
that student's hand-in, archives wrote outside the course, kept setuid modes and spun on a link loop (round 39).
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import tempfile

HANDLERS = "nbgrader.server_extensions.formgrader.handlers"
API = "nbgrader.server_extensions.formgrader.apihandlers"
#: What Formgrader's autograde button answers (its page shows `error`).
AUTOGRADE_REFUSED = ("Formgrader does not autograde in this course: submissions are graded with `make grade` "
                     "(python -m grader.grade), which runs each one in the grader's sandbox. Run it, then reload.")


def _no_submission_files(self, *args, **kwargs):
    from tornado import web

    raise web.HTTPError(404, "a graded folder holds its graded notebook only; nothing else of it is served")


def _no_autograde(self, *args, **kwargs):
    self.set_header("Content-Type", "application/json")
    self.write(json.dumps({"success": False, "error": AUTOGRADE_REFUSED, "log": AUTOGRADE_REFUSED}))


#: The course's folders that hold students' hand-ins (as handed in, graded, being graded, fed back).
HAND_IN_FOLDERS = ("submitted", "autograded", ".autograding", ".taken", "feedback")


#: The largest notebook Validate copies (the grader's cap on a hand-in).
MAX_VALIDATED_BYTES = 64 * 2**20


def _refuse(filename, why: str, what: str = "Validate your own notebooks; hand-ins are graded, sandboxed, by "
            "`make grade`; read them in Formgrader") -> PermissionError:
    return PermissionError(f"not validating {filename}: {why}, and validating runs it, as you. {what}")


def _private_copy(filename: str, course_roots: set[str], private: str) -> str:
    """The notebook `filename`, read once through one descriptor and written into the folder `private`; what
    Validate runs. PermissionError for a hand-in: a link, not a plain file, another user's, or in a folder of
    hand-ins (see the module). nbgrader reads the path again, and runs the kernel in the notebook's folder: a student
    who swapped a link, or renamed her notebook away and back, between the check and that read had hers run as root
    (round 44: 2 to 4 wins in 8 to 17 tries), and a module she left in a shared folder (/tmp) beside the TA's own
    notebook was imported by the kernel as the TA. The copy is what was checked, in a folder no one else writes."""
    try:
        fd = os.open(filename, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise _refuse(filename, "it is a symbolic link (a hand-in can be swapped behind one)",
                          "Validate the file itself, your own") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refuse(filename, "it is not a plain file")
        if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
            raise _refuse(filename, f"it belongs to another user (uid {info.st_uid})")
        writers = others_may_write(info, access_list(fd)) if hasattr(os, "geteuid") else None
        if writers:  # round 45: the TA's own notebook in a folder whose default access list let a student rewrite it
            raise _refuse(filename, f"another user may have written it ({writers})")
        try:  # where the descriptor's file is, whatever the path's folders became since
            path = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            path = os.path.realpath(filename)
        for where in {path, os.path.realpath(filename)}:
            parts = set(os.path.normpath(where).split(os.sep)[:-1])
            if parts & {"submitted", "autograded", ".autograding", ".taken", "inbound"}:  # any course's, or an inbound
                raise _refuse(filename, "it is in a folder of students' hand-ins")
            for root in course_roots:
                for folder in HAND_IN_FOLDERS:
                    if os.path.commonpath([where, os.path.join(root, folder)]) == os.path.join(root, folder):
                        raise _refuse(filename, f"it is a student's hand-in ({folder}/)")
        data, left = [], MAX_VALIDATED_BYTES
        while chunk := os.read(fd, 1 << 20):
            left -= len(chunk)
            if left < 0:
                raise _refuse(filename, f"it is over {MAX_VALIDATED_BYTES // 2**20} MiB", "")
            data.append(chunk)
    finally:
        os.close(fd)
    copy = os.path.join(private, os.path.basename(filename))
    with open(copy, "xb") as fh:
        fh.write(b"".join(data))
    return copy


def guard_validator(course_root: str) -> None:
    """nbgrader's Validator refuses a notebook under one of the course's HAND_IN_FOLDERS (see the module)."""
    from nbgrader import validator

    real = validator.Validator.validate
    if getattr(real, "course_roots", None) is not None:
        real.course_roots.add(os.path.realpath(course_root))
        return

    def validate(self, filename, *args, **kwargs):
        with tempfile.TemporaryDirectory(prefix="nbgrader-validate-") as private:
            copy = _private_copy(filename, validate.course_roots, private)
            self.log.info("Validating a copy of %r, read once, in a folder of its own", os.path.abspath(filename))
            return real(self, copy, *args, **kwargs)

    validate.course_roots = {os.path.realpath(course_root)}
    validator.Validator.validate = validate


ZIP_COLLECT_REFUSED = (
    "nbgrader zip_collect is not used in this course: it takes student ids and file names from a regular expression "
    "over uploaded archives, as you, so one upload can replace another student's hand-in or write outside the course. "
    "Collect with `nbgrader collect` (or Formgrader's Collect button), which takes each student's notebook alone; or "
    "unpack an LMS download as an ordinary user, outside the course, and copy each student's notebook alone into "
    "submitted/<student id>/<assignment>/")


def _no_zip_collect(self, *args, **kwargs):
    self.fail(ZIP_COLLECT_REFUSED)


AUTOGRADE_UNGUARDED = (
    "not autograding: nbgrader runs here without this course's configuration (its nbgrader_config.py is read only "
    "in the course folder), so it would run each hand-in in a plain kernel, as you. Grade with `make grade` "
    "(python -m grader.grade) in the course folder")


def _guard_autograde() -> None:
    """nbgrader autograde run where the course's configuration is not read (another folder) would execute hand-ins
    with nbgrader's own Execute, as whoever runs it: refused unless the course's executor is in its list."""
    from nbgrader.converters import autograde

    real = autograde.Autograde.start
    if getattr(real, "guarded", False):
        return

    def start(self, *args, **kwargs):
        names = [p if isinstance(p, str) else f"{p.__module__}.{p.__qualname__}" for p in self.autograde_preprocessors]
        if not any(name.endswith("ResilientExecute") for name in names):
            raise PermissionError(AUTOGRADE_UNGUARDED)
        return real(self, *args, **kwargs)

    start.guarded = True
    autograde.Autograde.start = start


#: The checkout this module belongs to (the course folder): what a venv made by `make venv` guards.
CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
def others_may_write(info, acl: bytes | None, in_sticky_path: bool = False, trusted: tuple = ((), ())) -> str | None:
    """Who besides the caller and root may write the file or folder of `os.lstat` `info` and POSIX access list
    `acl` (its `system.posix_acl_access` bytes, None if none), in words; None if no one. A folder others may write
    passes only `in_sticky_path` with the sticky bit (/tmp above the caller's own folder: no one renames another's
    entry there), if its owner is trusted. As OpenSSH's StrictModes and git's safe.directory ask. `trusted`: (uids, gids) counted as the
    caller's, those who may write the course's checkout (whose code the caller runs anyway). Uses nothing but `os`
    (VENV_CONFIG runs it before anything of ours may be imported)."""
    me, uids, gids = os.geteuid(), (os.geteuid(), 0, *trusted[0]), (os.getegid(), *trusted[1])
    if info.st_uid not in uids:
        return f"it belongs to another user (uid {info.st_uid})"
    if in_sticky_path and info.st_mode & 0o1000:  # whoever may write it renames and removes her own entries only
        return None
    if info.st_mode & 0o002:
        return "every user may write it"
    if info.st_mode & 0o020 and info.st_gid not in gids:
        return f"group {info.st_gid} may write it"
    entries = [(int.from_bytes(acl[at:at + 2], "little"), int.from_bytes(acl[at + 2:at + 4], "little"),
                int.from_bytes(acl[at + 4:at + 8], "little")) for at in range(4, len(acl or b"") - 7, 8)]
    mask = next((perm for tag, perm, _ in entries if tag == 0x10), 7)  # ACL_MASK bounds the named entries
    for tag, perm, who in entries:  # ACL_USER (2), ACL_GROUP (8): a named user or group
        if perm & mask & 2 and ((tag == 2 and who not in uids) or (tag == 8 and who not in gids)):
            return f"its access list lets {'user' if tag == 2 else 'group'} {who} write it"
    return None


def access_list(path_or_fd) -> bytes | None:
    """The POSIX access list of a path (not followed) or descriptor, None where there is none (or no such thing)."""
    try:
        return os.getxattr(path_or_fd, "system.posix_acl_access", **({} if isinstance(path_or_fd, int) else
                                                                      {"follow_symlinks": False}))
    except (OSError, AttributeError):
        return None


def shared_folder(folder: str, trusted: tuple = ((), ())) -> str | None:
    """Why `folder`, or a folder above it, lets another user put files into it or swap it for another (in words),
    or None. Every folder on the way counts: a TA's own folder kept in a student's was exchanged with hers
    (`renameat2(RENAME_EXCHANGE)`) between a check of the first and nbgrader's read of its config (round 45: 5 wins
    in 8). Uses nothing but `os`."""
    path, first = os.path.abspath(folder), True
    while True:
        why = others_may_write(os.lstat(path), access_list(path), in_sticky_path=not first, trusted=trusted)
        if why:
            return f"{path}: {why}"
        if path == os.path.dirname(path):
            return None
        path, first = os.path.dirname(path), False


VENV_CONFIG = '''"""The course's guards for every nbgrader run with this venv, from any folder (written by `make venv`,
grader/formgrader_guard.py). nbgrader reads the course's own nbgrader_config.py only in the course folder: run
elsewhere (a TA in /tmp, a Jupyter server started in the TA's home), its Validate ran a hand-in as root with the
grader's environment (round 40). Here, wherever it runs: Validate refuses hand-ins, zip_collect is refused, autograde
runs only with the course's sandboxed executor, and every exchange command checks the exchange as the course does.

First of all, nbgrader refuses to run in a folder another user may write, or that lies in one: it puts that folder
first on Python's path and reads its nbgrader_config.py, so a student's file left in /tmp ran as the TA who ran
nbgrader or `jupyter lab` there (round 44: a config file, a `grader/` package that stood in for these guards), and
in a folder a student owns or may write through an access list (round 45). The check, copied here from
grader/formgrader_guard.py, uses only `os`, already loaded."""
import os

# CHECK #

if hasattr(os, "geteuid"):
    _why = shared_folder(os.getcwd(), TRUSTED)
    if _why:
        raise SystemExit(f"nbgrader: not running in {os.getcwd()}, which another user may write or replace "
                         f"({_why}): nbgrader reads nbgrader_config.py and Python modules from the folder it runs in, "
                         "as you. Run it in the course folder, or a folder of your own "
                         "(`mkdir -m 700 ~/work && cd ~/work`)")
try:
    from grader import formgrader_guard
except ImportError:  # the checkout moved or was removed: run `make venv` again
    pass
else:
    formgrader_guard.install(formgrader_guard.CHECKOUT)
    c = get_config()  # noqa: F821 - provided by nbgrader when it loads this file
    from grader.exchange import FACTORY

    for _command, _class in FACTORY.items():  # every exchange command checks the exchange first (grader/exchange.py)
        setattr(c.ExchangeFactory, _command, _class)
    # the kernels nbgrader itself starts (Validate of the TA's own notebook, an unsandboxed autograde of `make bench`)
    # on IPC sockets in a folder of the TA's, never localhost TCP (round 53: a student read them as in round 51)
    from grader import private_kernels

    private_kernels.install()
'''


#: The venv's Jupyter configuration (etc/jupyter/jupyter_config.py, beside VENV_CONFIG, read by every Jupyter
#: application: the server of `make lab`, nbconvert --execute, jupyter execute, nbgrader): their kernels talk over
#: sockets of the TA's alone.
JUPYTER_CONFIG = '''"""Kernels that Jupyter's applications start with this venv (`make lab`'s server, `jupyter nbconvert --execute`,
`jupyter execute`, nbgrader) use unix sockets in a folder of the TA's alone, never localhost TCP, where any local user
reads what a kernel publishes: the code and output of every cell the TA runs (rounds 51 and 53). Written by
`make venv` (grader/formgrader_guard.py); see grader/private_kernels.py."""
import os
import sys

c = get_config()  # noqa: F821 - provided by Jupyter when it loads this file
c.KernelManager.transport = "ipc"
# By its path in the checkout, never through Python's path: Jupyter's applications may run in a folder others write,
# and nbgrader puts that folder first on the path (round 53's fix imported `grader` and ran a student's package)
_path, _saved = PRIVATE_KERNELS, sys.path[:]
sys.path[:] = [p for p in sys.path if p not in ("", ".", os.getcwd())]
try:
    import importlib.util

    _spec = importlib.util.spec_from_file_location("_distcourse_private_kernels", _path)
    if _spec is not None and os.path.isfile(_path):  # else the checkout moved: run `make venv` again
        _module = importlib.util.module_from_spec(_spec)
        _spec.loader.exec_module(_module)
        _module.install()
finally:
    sys.path[:] = _saved
'''


#: The venv's IPython kernel configuration (etc/ipython/ipython_kernel_config.py): every kernel of this venv.
KERNEL_CONFIG = '''"""Kernels of this venv (`make lab`'s, nbval's, the grader's sandboxed ones) start no debugger, keep no history
on disk, keep their temporary files in a folder of their own and listen on no TCP port for their children's output. Written by `make venv` (grader/formgrader_guard.py).

ipykernel's debugger (JupyterLab's bug icon) runs debugpy on localhost TCP with no authentication, and its adapter
keeps listening once the debugger is turned off: a student with an account on the machine attached to it and ran code
as the TA (round 52); it also wrote each cell it was given under /tmp/ipykernel_<pid>/, a folder a student could make
first and fill with links (the TA's next kernel then ran her cell from the TA's IPython startup folder). IPython's
history database, every cell the TA ran, was readable by every user in a home of mode 0755."""
import os

os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # debugpy's import-time warning, in every kernel's log
import ipykernel.debugger  # noqa: E402

ipykernel.debugger._is_debugpy_available = False
c = get_config()  # noqa: F821 - provided by IPython when it loads this file
c.HistoryManager.enabled = False


def _private_tmp() -> None:
    """Send the kernel's temporary files (and its children's: ranks, DataLoader workers) to a folder of its user's alone.

    torch reads and writes fixed names in the shared temporary folder: another account that made
    /tmp/torchinductor_<user> first put a compiler configuration there that torch.compile eval()s, and ran its code
    as the TA in her nbval kernel (round 54); /tmp/cache/<name> and /tmp/missing_ops.txt are others.
    """
    import stat
    import tempfile

    uid = os.geteuid()
    base = tempfile.gettempdir()
    mine = os.path.basename(base).startswith(f"distcourse-{uid}")
    try:
        info = os.lstat(base)
        if mine and stat.S_ISDIR(info.st_mode) and info.st_uid == uid and not info.st_mode & 0o077:
            return  # a parent of this kernel chose it already
        path = os.path.join(base, f"distcourse-{uid}")
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        info = os.lstat(path)
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != uid:  # someone else's name: a fresh folder instead
            path = tempfile.mkdtemp(prefix=f"distcourse-{uid}-")
        elif info.st_mode & 0o077:
            os.chmod(path, 0o700)
    except OSError:
        return  # no writable temporary folder: nothing to move
    os.environ["TMPDIR"] = path
    tempfile.tempdir = None


_private_tmp()


def _private_pipe() -> None:
    """ipykernel's channel for the output of processes the kernel forks: a unix socket in a folder of the kernel's own.

    ipykernel binds it on 127.0.0.1 TCP, which every local account reaches: one pushed 200 messages into a TA's
    kernel, each printed whole on the TA's terminal (round 54; only the holder of the channel's 16-byte key reaches a
    cell). Replaced, for the parent and the children it forks, by an IPC socket in a 0700 folder of the kernel's
    temporary folder; where that cannot be bound, ipykernel's own TCP channel as before.
    """
    try:
        import shutil
        import tempfile
        import atexit

        import zmq
        from ipykernel import iostream
        from zmq.eventloop.zmqstream import ZMQStream
    except ImportError:
        return
    thread = iostream.IOPubThread
    original = getattr(thread, "_setup_pipe_in", None)
    if original is None or not hasattr(thread, "_setup_pipe_out") or not hasattr(thread, "_handle_pipe_msg"):
        return

    def setup_pipe_in(self):
        folder = None
        try:
            # a socket's address holds 103 bytes: under /tmp (mkdtemp's, as private) where the temporary folder's
            # path is longer (round 56: under a long TMPDIR the bind failed and the channel went back to TCP)
            for base in (None, "/tmp"):
                folder = tempfile.mkdtemp(prefix="ipykernel-pipe-", dir=base)
                if len(os.fsencode(folder)) + len("/pipe") <= 103:
                    break
                os.rmdir(folder)
                folder = None
            if folder is None:
                raise OSError("no folder short enough for the channel's socket")
            address = "ipc://" + os.path.join(folder, "pipe")
            pipe_in = self.socket.context.socket(zmq.PULL)
            pipe_in.linger = 0
            try:
                pipe_in.bind(address)
            except zmq.ZMQError:
                pipe_in.close()
                raise
        except (OSError, zmq.ZMQError):
            if folder:
                shutil.rmtree(folder, ignore_errors=True)
            return original(self)
        atexit.register(shutil.rmtree, folder, True)
        self._pipe_uuid = os.urandom(16)
        self._pipe_address = address
        self._pipe_in = ZMQStream(pipe_in, self.io_loop)
        self._pipe_in.on_recv(self._handle_pipe_msg)

    original_out = thread._setup_pipe_out

    def setup_pipe_out(self):
        address = getattr(self, "_pipe_address", None)
        if address is None:
            return original_out(self)
        ctx = zmq.Context()
        pipe_out = ctx.socket(zmq.PUSH)
        pipe_out.linger = 3000  # ipykernel's own
        pipe_out.connect(address)
        return ctx, pipe_out

    thread._setup_pipe_in = setup_pipe_in
    thread._setup_pipe_out = setup_pipe_out


_private_pipe()
'''


def venv_config() -> str:
    """VENV_CONFIG with the folder check's own functions in it (one source: this module's)."""
    import inspect

    check = "\n\n".join(inspect.getsource(f) for f in (others_may_write, access_list, shared_folder))
    return VENV_CONFIG.replace("# CHECK #", f"{check}\n\n#: who may write the checkout (when `make venv` wrote this):"
                                            f" counted as the caller's\nTRUSTED = {checkout_writers()!r}")


def checkout_writers() -> tuple:
    """(uids, gids) who may write the course's checkout: its owner, and its group where the group may write it. A
    TA grading as root in her own account's clone (`sudo make grade`) runs that account's code anyway."""
    info = os.stat(CHECKOUT)
    return ((info.st_uid,), (info.st_gid,) if info.st_mode & 0o020 else ())


def write_venv_config(path: str) -> None:
    """Write VENV_CONFIG at `path` (the venv's etc/jupyter/nbgrader_config.py, which nbgrader reads from any folder)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(os.path.join(os.path.dirname(path), "jupyter_config.py"), "w") as fh:
        fh.write(JUPYTER_CONFIG.replace("PRIVATE_KERNELS", repr(os.path.join(CHECKOUT, "grader", "private_kernels.py")), 1))
    ipython = os.path.join(os.path.dirname(os.path.dirname(path)), "ipython")  # etc/ipython, beside etc/jupyter
    os.makedirs(ipython, exist_ok=True)
    with open(os.path.join(ipython, "ipython_kernel_config.py"), "w") as fh:
        fh.write(KERNEL_CONFIG)
    with open(path, "w") as fh:  # last: `make venv` remakes both while this one is older than this module
        fh.write(venv_config())


def install(course_root: str | None = None) -> bool:
    """Close the two routes in this process if Formgrader's handlers are loaded (True if they were); with
    `course_root`, guard nbgrader's Validator against that course's hand-ins and refuse `nbgrader zip_collect`."""
    if course_root is not None:
        guard_validator(course_root)
        from nbgrader.apps import zipcollectapp

        zipcollectapp.ZipCollectApp.start = _no_zip_collect
        _guard_autograde()
    handlers, api = sys.modules.get(HANDLERS), sys.modules.get(API)
    if handlers is not None:
        handlers.SubmissionFilesHandler.get = _no_submission_files
        handlers.SubmissionFilesHandler.head = _no_submission_files
    if api is not None:
        api.AutogradeHandler.post = _no_autograde
    return handlers is not None or api is not None


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "--write-venv-config":
        raise SystemExit("usage: python -m grader.formgrader_guard --write-venv-config PATH")
    write_venv_config(sys.argv[2])
