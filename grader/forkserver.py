"""A warm grader: one process with nbgrader, torch and the judges imported, forked once per submission.

Each `nbgrader autograde --student` used to be a fresh Python process that paid, before and after
the student's code ran, for Python's start-up and nbgrader's imports (jsonschema's format checkers
among them), for torch and the judges in the grader's process (torch._dynamo on the first optimizer
step) and for its own interpreter's exit: most of the time a submission took. Here one server
process pays for those imports once per run; every command is a `fork()` of it:

- **one failure domain per submission, as before.** The child is a process of its own (its own
  session, its own gradebook connection, its own kernel and sandbox); a crash, a timeout or a kill
  costs that child. It is killed with everything it started when the grader says so, and dies with
  the server (PR_SET_PDEATHSIG); the server kills its children and ends when the grader does (its
  stdin closes).
- **no state carried between submissions.** The server never runs a notebook, opens the gradebook,
  starts a kernel or judges anything: it only imports and forks. What a child changes (a judge's
  module state, the event loop, the environment) dies with it; the next child is forked again from
  the same untouched server. The server talks to the grader only, over its stdin and stdout; no
  kernel has a way to it (kernels reach their own child through the IPC sockets in that child's
  private folder, and the sandbox shows them nothing else).
- **no teardown.** A child leaves with `os._exit` once its output is flushed: everything it wrote
  (grades, the graded notebook) was committed and closed by nbgrader before.
- **a gate.** A child forked with `gated` starts its kernel (and ResilientExecute warms it: see
  grader.execute), says it is warm, and then waits, before the notebook's first cell, until the
  grader says `go`: the next submission's kernel starts while the current one is graded. The grader
  starts it once the current kernel is warm, not before: the kernel everyone waits for gets the CPU.
- **the preload waits for the first kernel.** What children may need later (torch, every judge,
  matplotlib) is imported one step at a time between requests, once a kernel has warmed up and the
  next submission has been forked: until then those children import it themselves, at low priority
  when they wait at their gate (grader.lowpriority).

Protocol (one JSON object per line): the grader writes {"op": "fork", "id", "argv" (or "call":
[module, function, arguments]), "env", "cwd", "log", "gated"} | {"op": "go", "id"} | {"op": "kill", "id"}; the server answers {"id", "pid"} once
forked, {"id", "warm": true} when a gated child's kernel is warm (the next one may start), and
{"id", "exit": status} when the child has ended (status as `subprocess` gives it: the exit
code, or minus the signal). `python -m grader.forkserver` runs the server.
"""

from __future__ import annotations

import gc
import json
import math
import os
import resource
import selectors
import signal
import subprocess
import sys
import tempfile
import threading
import time

#: What the server imports before it forks anything: what every grading child needs at once.
PRELOAD = (
    "nbgrader.apps.nbgraderapp", "nbgrader.api", "nbgrader.converters", "nbgrader.preprocessors",
    "nbconvert.exporters.html", "nbconvert.preprocessors", "nbclient", "jupyter_client.manager",
    "jupyter_client.asynchronous", "ipykernel.kernelspec", "grader.execute", "grader.scores",
    "grader.feedback", "grader.judge", "grader.sandbox", "nbgrader.nbgraderformat.common", "psutil",
)


def leave_out_unneeded_imports() -> None:
    """jsonschema imports `rfc3987_syntax` when it is installed, to check the "iri" string format,
    which no notebook schema uses; it builds a grammar on import (1.4 s, on every nbformat import).
    Grading and its tools validate notebooks without it."""
    sys.modules.setdefault("rfc3987_syntax", None)


class _SchemaOnce:
    """`jsonschema` as nbgrader's cell-metadata check uses it, with each schema checked once.

    nbgrader validates every cell's metadata with `jsonschema.validate(metadata, schema)`, which first
    checks the schema itself against its meta-schema: 0.1 s a notebook, several times per submission,
    for the same schema. This does what `jsonschema.validate` does (same validator class, same error
    raised: the best match), building the validator once per schema.
    """

    def __init__(self, module):
        self._module, self._validators = module, {}

    def __getattr__(self, name):
        return getattr(self._module, name)

    def validate(self, instance, schema, *args, **kwargs):
        if args or kwargs or not isinstance(schema, dict):
            return self._module.validate(instance, schema, *args, **kwargs)
        key = id(schema)
        held = self._validators.get(key)
        if held is None or held[0] is not schema:
            cls = self._module.validators.validator_for(schema)
            cls.check_schema(schema)
            held = self._validators[key] = (schema, cls(schema))
        error = self._module.exceptions.best_match(held[1].iter_errors(instance))
        if error is not None:
            raise error


def preload() -> None:
    """Import what every grading child needs at once, and do once the work each would repeat."""
    import importlib

    leave_out_unneeded_imports()
    for name in PRELOAD:
        importlib.import_module(name)
    import nbformat
    from nbgrader.nbgraderformat import common

    # nbformat builds its JSON schema validator on first use
    nbformat.validate(nbformat.v4.new_notebook())
    if not isinstance(common.jsonschema, _SchemaOnce):
        common.jsonschema = _SchemaOnce(common.jsonschema)


def _preload_judge_modules() -> list:
    """Steps that import torch, each judge module, and warm torch.optim (judge.preload, in pieces)."""
    import pkgutil

    import autograders
    from grader import judge

    names = [m.name for m in pkgutil.iter_modules(autograders.__path__) if m.name not in judge._NOT_JUDGES]
    return ([lambda: __import__("torch"), lambda: __import__("torch._dynamo")]
            + [lambda name=name: judge.preload(name) for name in names])


def _preload_matplotlib() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot  # noqa: F401


def idle_preload() -> list:
    """What the server imports while it has nothing to do, one short step at a time between requests,
    once the first kernel is warm and the next submission forked (which, meanwhile, imports what it needs itself: a grading
    child while its kernel warms up). Children forked later find it imported."""
    return [*_preload_judge_modules(), _preload_matplotlib]


def _pdeathsig(parent: int) -> None:
    """Be killed when the parent dies (Linux; elsewhere the closed pipe ends the server)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # it died before the line above
        os._exit(1)


#: The folder a kernel's sandbox may write outside its own (its IPC sockets: JUPYTER_RUNTIME_DIR): a
#: tmpfs this small where the grader may mount one, so that a kernel cannot fill the grader's disk there.
PRIVATE_TMPFS_OPTIONS = "size=4m,nr_inodes=64,mode=0755"


def private_tmpfs(path: str) -> bool:
    """Make `path` a small tmpfs (PRIVATE_TMPFS_OPTIONS) in a mount namespace of this process's own,
    which what it starts inherits and which ends with them: nothing to unmount, nothing left behind
    if the grader is killed. Only where mounting is allowed (root with CAP_SYS_ADMIN); False elsewhere,
    where the folder stays as it is (each file in it is still capped by the sandbox's file size limit)."""
    if os.geteuid() != 0 or not sys.platform.startswith("linux"):
        return False
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    clone_newns, ms_rec, ms_private, ms_nosuid, ms_nodev = 0x00020000, 0x4000, 1 << 18, 2, 4
    if libc.unshare(clone_newns) != 0:
        return False
    if libc.mount(b"none", b"/", None, ms_rec | ms_private, None) != 0:
        return False
    return libc.mount(b"tmpfs", os.fsencode(path), b"tmpfs", ms_nosuid | ms_nodev,
                      PRIVATE_TMPFS_OPTIONS.encode()) == 0


def _status(raw: int) -> int:
    return -os.WTERMSIG(raw) if os.WIFSIGNALED(raw) else os.WEXITSTATUS(raw)


def kill_tree(pid: int) -> None:
    """SIGKILL a child's session and every descendant of it (kernels run in sessions of their own)."""
    try:
        import psutil

        descendants = psutil.Process(pid).children(recursive=True)
    except Exception:  # noqa: BLE001 - no psutil, or gone already
        descendants = []
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    for child in descendants:
        try:
            child.kill()
        except Exception:  # noqa: BLE001 - gone already
            pass


#: Data (heap and private mappings) one child may hold: a submission's nbgrader run, one student's
#: feedback, a class step. What a hand-in or its kernel makes the grader's side hold (a notebook of
#: millions of empty lists, a kernel message of many large frames, messages queued while a check runs)
#: then costs that child (its submission or page fails, with the reason), never the machine. A soft
#: limit: a kernel's launcher sets the sandbox's own.
CHILD_DATA_BYTES = 2 * 2**30
MEMORY_NOTE = (f"the grader's side of this submission needed more than {CHILD_DATA_BYTES // 2**30} GiB of memory "
               "(a notebook or kernel messages far larger than any assignment needs)")


def cap_data(limit: int = CHILD_DATA_BYTES) -> None:
    """Lower this process's soft RLIMIT_DATA to `limit` (never above the hard limit, which stays)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    cap = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
    if soft == resource.RLIM_INFINITY or soft > cap:
        resource.setrlimit(resource.RLIMIT_DATA, (cap, hard))


def cap_cpu(seconds: float) -> None:
    """Lower this process's soft RLIMIT_CPU to `seconds` (never above the hard limit, which stays): past it, SIGXCPU
    ends the process (its default action)."""
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    soft = int(math.ceil(seconds))
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


#: What one grading child may log (its nbgrader.log, on the grader's disk): each record's message at most
#: LOG_RECORD_CHARS characters, LOG_BYTES in all; every file it writes at most CHILD_FILE_BYTES. nbclient logs
#: text the kernel chose ("unhandled iopub msg: <msg_type>", for a message type the kernel signed itself):
#: 5 GiB of log from one cell, on the host's disk (round 14, as an ordinary user).
LOG_RECORD_CHARS = 4_000
LOG_BYTES = 8 * 2**20
CHILD_FILE_BYTES = 2 * 2**30


def cap_logging(record_chars: int = LOG_RECORD_CHARS, total: int = LOG_BYTES) -> None:
    """In a grading child: every log record's message cut to `record_chars` (its two ends), line breaks escaped (a
    kernel's text never starts a line of the log), and no record emitted once `total` characters were."""
    import logging

    make, budget = logging.getLogRecordFactory(), [total, False]

    def factory(*args, **kwargs):
        record = make(*args, **kwargs)
        try:
            text = record.getMessage()
        except Exception:  # noqa: BLE001 - a message that cannot be formatted is logged as its template
            text = str(record.msg)
        if len(text) > record_chars:  # a traceback's last line (the exception) is at its end: keep both ends
            text = text[:record_chars // 2] + " [cut] " + text[-(record_chars // 2):]
        record.msg, record.args = text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text, ()
        return record

    handle = logging.Handler.handle

    def capped(self, record):
        if budget[0] <= 0:
            if not budget[1]:
                budget[1] = True
                record.msg, record.args, record.exc_info, record.exc_text = (
                    f"(this submission's log reached {total:,} characters: later lines are left out)", (), None, None)
                return handle(self, record)
            return False
        budget[0] -= len(str(record.msg)) + len(record.exc_text or "") + 100
        return handle(self, record)

    logging.setLogRecordFactory(factory)
    logging.Handler.handle = capped


#: A grading child's own account of the exceptions that failed it (JSON lines in a file of the grader's, the
#: request's "errors"): each one handled with a log record of level ERROR or above (nbgrader logs the exception that
#: failed a notebook while it handles it), and the one that ended the child. Each is named by its classes and the
#: module that raised it, never by its message. A failure's reason is built from these (grader.grade.failure_reason),
#: not from the log's text, which quotes what the kernel sent: round 15 made its own failed submission show the
#: reason of its choice (memory, a dead kernel, a time limit) with an invalid output naming that exception.
MAX_NOTED = 32


def describe(exc: BaseException) -> dict:
    """What a reason may use of `exc`: its classes, the module its innermost frame ran in, and its causes' classes."""
    def classes(e: BaseException) -> list[str]:
        return [f"{c.__module__}.{c.__qualname__}" for c in type(e).__mro__ if c is not object]

    tb, where = exc.__traceback__, ""
    while tb is not None:
        where, tb = tb.tb_frame.f_globals.get("__name__") or "", tb.tb_next
    causes, cause = [], exc.__cause__ or exc.__context__
    while cause is not None and len(causes) < 4:
        causes.append(classes(cause))
        cause = cause.__cause__ or cause.__context__
    return {"classes": classes(exc), "where": str(where), "causes": causes}


def note_exceptions(path: str):
    """In a grading child: record every exception handled with an error log record (see MAX_NOTED); returns the
    function that records one more (the exception that ends the child)."""
    import logging

    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_APPEND | os.O_CLOEXEC, 0o600)
    seen: list = []

    def note(exc: BaseException | None) -> None:
        if exc is None or len(seen) >= MAX_NOTED or any(e is exc for e in seen):
            return
        seen.append(exc)
        try:
            os.write(fd, (json.dumps(describe(exc)) + "\n").encode())
        except Exception:  # noqa: BLE001 - no room left to say it: the exit status still tells a failure
            pass

    make = logging.getLogRecordFactory()

    def factory(*args, **kwargs):
        record = make(*args, **kwargs)
        if record.levelno >= logging.ERROR:
            note(record.exc_info[1] if record.exc_info else sys.exc_info()[1])
        return record

    logging.setLogRecordFactory(factory)
    return note


def read_exceptions(path: str) -> list[dict]:
    """The exceptions a child noted in `path` (note_exceptions), oldest first; [] if none or unreadable."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return []
    with os.fdopen(fd, "rb") as fh:
        text = fh.read(MAX_NOTED * 16_384).decode("utf-8", "replace")
    found = []
    for line in text.splitlines()[:MAX_NOTED]:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict) and isinstance(entry.get("classes"), list):
            found.append(entry)
    return found


def _child(request: dict, gate: int | None, warm: int | None, theirs: tuple[int, ...], server: int) -> None:
    """In the forked child: become the nbgrader command of `request`, then leave without teardown."""
    code, note = 1, None
    try:
        os.setsid()
        cap_data()
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the cap fails (EFBIG), it does not kill
        hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]  # the soft limit: this child runs no student code
        resource.setrlimit(resource.RLIMIT_FSIZE, (CHILD_FILE_BYTES if hard == resource.RLIM_INFINITY
                                                   else min(CHILD_FILE_BYTES, hard), hard))
        resource.setrlimit(resource.RLIMIT_CORE, (1, 1))  # no core of the grader's memory (secrets), on the disk or
        # piped to the host's core program (1, not 0: Linux aborts a piped dump only then; grader/sandbox.py)
        cpu = request.get("cpu")
        if isinstance(cpu, (int, float)) and cpu > 0:  # what a hand-in makes the grader work, whatever the step
            cap_cpu(cpu)
        cap_logging()
        if request.get("errors"):
            note = note_exceptions(request["errors"])
        _pdeathsig(server)
        signal.set_wakeup_fd(-1)
        for sig in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL if sig != signal.SIGINT else signal.default_int_handler)
        for fd in theirs:  # the server's own descriptors and the other children's gates
            os.close(fd)
        log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)
        os.close(null)
        os.chdir(request["cwd"])
        if request.get("tmpfs"):
            private_tmpfs(request["tmpfs"])
        os.environ.clear()
        os.environ.update(request["env"])
        tempfile.tempdir = None  # the server's choice was cached at its start: this child's TMPDIR from here
        if gate is not None:
            os.environ["DISTCOURSE_GATE_FD"] = str(gate)
        if warm is not None:
            os.environ["DISTCOURSE_WARM_FD"] = str(warm)
        if "call" in request:  # a function of the grader's own: module, name, arguments
            import importlib

            module, name, args = request["call"]
            getattr(importlib.import_module(module), name)(*args)
            code = 0
        else:
            sys.argv = ["nbgrader", *request["argv"]]
            code = run_nbgrader(request["argv"])
    except MemoryError as exc:
        os.write(2, f"\nGraderMemoryError: {MEMORY_NOTE}\n".encode())
        if note is not None:
            note(exc)
    except BaseException as exc:  # noqa: BLE001 - whatever happened is in the log; the child must not return
        import traceback

        traceback.print_exc()
        if note is not None:
            note(exc)
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001
                pass
        os._exit(code)


def run_nbgrader(argv: list[str]) -> int:
    """`nbgrader ARGV` in this process; its exit status."""
    from nbgrader.apps.nbgraderapp import NbGraderApp

    try:
        NbGraderApp.launch_instance(argv=list(argv))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return 0


def serve(inp: int, out: int) -> None:
    """The server's loop: fork on request, open gates, kill, and report every child's end."""
    children: dict[int, str] = {}  # pid -> id
    gates: dict[str, int] = {}  # id -> write end of its gate
    warms: dict[int, str] = {}  # read end of a child's "warm" pipe -> its id
    pids: dict[str, int] = {}
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the grader decides; Ctrl-C reaches it, not us
    sel = selectors.DefaultSelector()
    sel.register(inp, selectors.EVENT_READ)
    sel.register(wake_r, selectors.EVENT_READ)

    def send(obj: dict) -> None:
        os.write(out, (json.dumps(obj) + "\n").encode())

    def reap() -> None:
        while children:
            try:
                pid, raw = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            ident = children.pop(pid, None)
            if ident is not None:
                gate = gates.pop(ident, None)
                if gate is not None:
                    os.close(gate)
                pids.pop(ident, None)
                for fd in [fd for fd, owner in warms.items() if owner == ident]:
                    drop_warm(fd)
                send({"id": ident, "exit": _status(raw)})

    def drop_warm(fd: int) -> None:
        sel.unregister(fd)
        os.close(fd)
        warms.pop(fd, None)

    buffer = b""
    # The idle preload begins once a kernel has warmed up and the next submission has been forked
    # after it: the first kernels of a run warm up without it taking the CPU they need.
    idle, warmed, begun = idle_preload(), False, False
    send({"ready": True, "pid": os.getpid()})
    while True:
        events = sel.select(0 if idle and begun else None)
        if not events and idle:
            gc.disable()  # the collector finds nothing in what an import builds: about a tenth of its time
            try:
                idle.pop(0)()
            except Exception:  # noqa: BLE001 - a child that needs it imports it and says what failed
                pass
            finally:
                gc.enable()
            if not idle:
                gc.freeze()  # what the children share: later collections in them skip it
            continue
        for key, _ in events:
            if key.fd == wake_r:
                os.read(wake_r, 4096)
                reap()
                continue
            if key.fd in warms:  # a gated child's kernel is warm (or the child ended: nothing to say)
                try:
                    said = os.read(key.fd, 1)
                except OSError:
                    said = b""
                ident = warms[key.fd]
                drop_warm(key.fd)
                if said:
                    warmed = True
                    send({"id": ident, "warm": True})
                continue
            if key.fd != inp:  # a warm pipe already closed above, with its child reaped
                continue
            data = os.read(inp, 65536)
            if not data:  # the grader is gone: so is everything it asked for
                for pid in list(children):
                    kill_tree(pid)
                os._exit(0)
            buffer += data
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                request = json.loads(line)
                ident = request["id"]
                if request["op"] == "fork":
                    gated = bool(request.get("gated"))
                    gate_r, gate_w = os.pipe() if gated else (None, None)
                    warm_r, warm_w = os.pipe() if gated else (None, None)
                    me = os.getpid()
                    pid = os.fork()
                    if pid == 0:
                        theirs = (inp, out, wake_r, wake_w, *(fd for fd in (gate_w, warm_r) if fd is not None),
                                  *gates.values(), *warms)
                        sel.close()
                        _child(request, gate_r, warm_w, theirs, me)
                    begun = begun or (gated and warmed)
                    if gated:
                        os.close(gate_r)
                        os.close(warm_w)
                        gates[ident] = gate_w
                        warms[warm_r] = ident
                        sel.register(warm_r, selectors.EVENT_READ)
                    children[pid] = ident
                    pids[ident] = pid
                    send({"id": ident, "pid": pid})
                elif request["op"] == "go":
                    gate = gates.pop(ident, None)
                    if gate is not None:
                        try:
                            os.write(gate, b"g")
                        except OSError:
                            pass  # it ended before its turn; its end is reported as usual
                        os.close(gate)
                elif request["op"] == "kill":
                    pid = pids.get(ident)
                    if pid is not None:
                        kill_tree(pid)
        reap()


def main() -> None:
    # No PR_SET_PDEATHSIG here: it follows the thread that started the server, and a grader may
    # restart its server from a worker thread. The grader's end closes our stdin instead.
    # The protocol keeps fds of its own: nothing else (an import that prints) may write into it.
    inp, out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(2, 1)
    preload()
    sys.stdout.flush()
    sys.stderr.flush()
    serve(inp, out)


# --------------------------------------------------------------------------- the grader's side


class ForkServer:
    """The grader's handle on a server process: fork commands in it, wait for them, kill them."""

    def __init__(self, env: dict | None = None, cwd: str | None = None):
        self.proc = subprocess.Popen([sys.executable, "-m", "grader.forkserver"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, cwd=cwd, start_new_session=True)
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self._pids: dict[str, int] = {}
        self._exits: dict[str, int] = {}
        self._warm: set[str] = set()
        self._ready = False
        self._dead = False
        self._count = 0
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            message = json.loads(line)
            with self._cond:
                if message.get("ready"):
                    self._ready = True
                elif message.get("warm"):
                    self._warm.add(message["id"])
                elif "pid" in message:
                    self._pids[message["id"]] = message["pid"]
                elif "exit" in message:
                    self._exits[message["id"]] = message["exit"]
                self._cond.notify_all()
        with self._cond:
            self._dead = True
            self._cond.notify_all()

    @property
    def dead(self) -> bool:
        return self._dead

    def _send(self, obj: dict) -> None:
        with self._lock:
            if self._dead:
                raise ServerDied("the grading server ended")
            try:
                self.proc.stdin.write((json.dumps(obj) + "\n").encode())
                self.proc.stdin.flush()
            except (BrokenPipeError, ValueError):
                raise ServerDied("the grading server ended") from None

    def fork(self, argv: list[str] | None, env: dict, cwd: str, log: str, gated: bool = False,
             call: tuple[str, str, list] | None = None, tmpfs: str | None = None, errors: str | None = None,
             cpu: float | None = None) -> "Child":
        """Start `nbgrader ARGV` (or `call`: module, function, JSON arguments) as a child of the server,
        waiting at its gate when `gated`; its output goes to the file `log`. `tmpfs`: a folder that the
        child and what it starts see as a small tmpfs of their own (`private_tmpfs`). `errors`: a new file
        in which the child notes the exceptions that failed it (note_exceptions). `cpu`: CPU seconds the child may
        use (its soft RLIMIT_CPU: SIGXCPU ends it; what it starts may raise the soft limit again)."""
        with self._cond:
            self._count += 1
            ident = str(self._count)
        request = {"op": "fork", "id": ident, "env": dict(env), "cwd": cwd, "log": log, "gated": gated,
                   "tmpfs": tmpfs, "errors": errors, "cpu": cpu}
        request.update({"call": list(call)} if call else {"argv": list(argv or [])})
        self._send(request)
        with self._cond:
            while ident not in self._pids and not self._dead:
                self._cond.wait()
            if self._dead:
                raise ServerDied("the grading server ended before it started the command")
        return Child(self, ident, self._pids[ident])

    def wait_warm(self, ident: str, timeout: float) -> bool:
        """Wait until the gated child `ident` says its kernel is warm (True), or has ended, or `timeout`."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while ident not in self._warm and ident not in self._exits and not self._dead:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
            return ident in self._warm

    def wait(self, ident: str, timeout: float | None = None) -> int | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while ident not in self._exits and not self._dead:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return None
                self._cond.wait(left)
            if ident in self._exits:
                return self._exits[ident]
        raise ServerDied("the grading server ended while the command ran")

    def close(self) -> None:
        """End the server and every child it still has."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class ServerDied(RuntimeError):
    pass


class Child:
    """One forked command: its pid, its gate, its end."""

    def __init__(self, server: ForkServer, ident: str, pid: int):
        self.server, self.ident, self.pid = server, ident, pid

    def go(self) -> None:
        self.server._send({"op": "go", "id": self.ident})

    def wait_warm(self, timeout: float = 120.0) -> bool:
        """Wait until its kernel is warm (True), or it has ended, or `timeout` seconds (False)."""
        return self.server.wait_warm(self.ident, timeout)

    def wait(self, timeout: float | None = None) -> int | None:
        """Its exit status (minus the signal that killed it), or None if it runs past `timeout`."""
        return self.server.wait(self.ident, timeout)

    def kill(self) -> None:
        """Kill it with everything it started, and wait until the server has reaped it."""
        try:
            self.server._send({"op": "kill", "id": self.ident})
        except ServerDied:
            kill_tree(self.pid)
            return
        try:
            self.server.wait(self.ident, 30)
        except ServerDied:
            pass


if __name__ == "__main__":
    main()
