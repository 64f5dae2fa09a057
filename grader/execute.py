"""nbgrader's Execute preprocessor, made to hold against a submission that fights its own grading.

It is where a test cell's score is decided, in the grader's process:

- **Hidden checks are observed outside the kernel and judged here.** A probe call in the kernel only
  hands its arguments over (the student's functions, pickled) as a display message, taken out of the
  message stream as it arrives (it never enters the notebook or the feedback). After the cell, each
  hand-over goes to the notebook's observer (`grader.observe`, `probes.observer`: a process in a
  sandbox of its own that runs the probe and the student's code in children of its own), whose report
  `grader.judge.judge_cell` binds to its probe call in the cell's trusted source and judges.
  Reports a kernel publishes itself count for nothing. The `Verdict` is kept in nbconvert's
  `resources` (the grader's memory, never the notebook, which the submission controls), where
  `grader.scores.SaveVerifiedGrades` reads it. What the kernel displays in a test cell
  (execute_result, display data: a forged "score") is not stored at all.
- **Output is capped while it is received**, per message, per cell and per notebook, with a note in
  the cell saying what was cut: 300 MB of prints or display data never reach the grader's memory,
  the graded notebook or the feedback. Errors are always kept (shortened): they can only lower a score.
- **A kernel that dies** (`os._exit`, a segfault, the out-of-memory killer) costs the cell that killed
  it: the death is recorded in that cell, a fresh kernel is started, the cells before it are replayed
  silently (later cells see the same definitions) and grading goes on.
- **A cell that will not stop** (it swallows the KeyboardInterrupt sent at the time limit, or floods
  output faster than it can be read) costs that cell only, the same way: restart and replay.
- **A warm start.** Once the kernel answers, `warm_up_code` (the imports every notebook of the course
  starts with) runs in it silently, while this process imports the assignment's judges. The kernel is
  the submission's own, in its own sandbox: what the warm-up imports is what its first cell would
  have imported. When the grader forked this process gated (grader.forkserver), it then waits
  before the first cell until the grader lets it go: the kernel of the next submission starts and
  warms up while the current one is graded.

Enabled in nbgrader_config.py.
"""

from __future__ import annotations

import asyncio
import copy
import os
import queue
import resource
import signal
import threading
import time
from queue import Empty

import zmq
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbclient.util import ensure_async, run_sync
from nbformat import NotebookNode
from traitlets import Bool, Float, Integer, Unicode

from nbgrader.preprocessors import Execute

from grader import judge, sandbox
from grader.feedback import RAN_KEY
from grader.lowpriority import NICE, in_low_priority_thread
from grader.observe import Observer, ObserverError
from probes import HANDOVER_MIME, JUDGE_ENV, MAX_HANDOVER_BYTES, MIME

#: The largest message the grader accepts from a kernel on any channel (a hand-over is at most
#: probes.MAX_HANDOVER_BYTES, base64 in JSON); a kernel that sends more is disconnected by ZeroMQ.
MAX_KERNEL_MESSAGE = 128 * 2**20
#: Messages the grader reads from one notebook's kernel (IOPub and shell together, whatever their parent): each is
#: received, checked and decoded in the grading process, outside the sandbox's CPU share, so a kernel that floods
#: them makes the grader work for it (round 18: 60 s of tiny writes from four threads, 20 s more of the grader's
#: CPU). Our solutions send about 100 (ipykernel gathers prints into a message every 0.2 s); past this the submission
#: fails, with the reason.
MAX_KERNEL_MESSAGES = 20_000
#: CPU seconds the grading process may spend checking and decoding one notebook's kernel messages. The count above
#: does not bound it: a message's cost is its size and shape (round 19: one signed message a second of a million
#: distinct keys, 10.9 MB, took the grader 1 s of json.loads each, 119 s against the sandbox's 4 s). Our solutions
#: take about 0.01 s; past this the kernel is killed and the submission fails, with the reason.
MAX_READING_CPU = 5.0
#: Parts of one kernel message (identities, delimiter, signature, four dicts, buffers): ours have about eight.
MAX_KERNEL_FRAMES = 64
#: CPU seconds the grading process may spend on one notebook, all its threads together (ZeroMQ's I/O thread, which
#: decodes every frame and answers every heartbeat a kernel writes onto its connections before a message is complete,
#: included; the judges' room is a process of its own, capped apart). Round 21: a kernel writing millions of
#: never-finished messages, or of ZMTP PINGs, onto its end of a connection kept that thread busy for 46 and 21 CPU-s,
#: and no message ever reached MAX_READING_CPU's count. Ours: at most 2.8 CPU-s a notebook (the corpus the tests
#: grade, 72 notebooks).
MAX_GRADING_CPU = 30.0
#: Seconds the grading process waits to hand a request (a cell to run; a message on the control channel) to the
#: kernel's shell or control socket (interrupts are signals, and a kernel is shut down by a kill). ZeroMQ queues a request at once while the socket has a connection, even a broken one it
#: is re-making; it blocks only when none is left: a frame the grader's ZeroMQ takes for a protocol error (one
#: claiming more than MAX_KERNEL_MESSAGE, written by the kernel onto its end of the connection) ends that connection
#: for good, without reconnecting, and the next cell's request then waited in send() for ever, under no cell's time
#: limit and no CPU cap, until the submission's own limit (900 s). Past this the submission fails, with the reason.
MAX_SEND_SECONDS = 20.0
#: How often the grading process looks at its own CPU while a notebook is graded.
CPU_WATCH_SECONDS = 0.25


class _Handover:
    """A probe call's hand-over in a test cell: where in the cell's outputs, its check, its pickled arguments (None
    when they could not be taken, and why); its observer's report once `done` is set."""

    def __init__(self, position: int, check: str | None, args: str | None, why):
        self.position, self.check, self.args, self.why = position, check, args, why
        self.payload: dict | None = None
        self.done = threading.Event()


class TooManyMessages(RuntimeError):
    """The kernel sent more than MAX_KERNEL_MESSAGES messages: the notebook is not graded further."""


class TooCostlyMessages(TooManyMessages):
    """Reading the kernel's messages took the grader more than MAX_READING_CPU seconds of CPU."""


class TooCostlyKernel(TooCostlyMessages):
    """The grading process spent more than MAX_GRADING_CPU seconds of CPU, all its threads together, on one notebook."""


#: Where the grader keeps its verdicts in nbconvert's resources: {grade_id: judge.Verdict}.
VERDICTS = "distcourse_verdicts"

DEATH_MESSAGE = (
    "the kernel died while running this cell (os._exit, a crash in native code, or memory exhaustion). "
    "Grading went on in a fresh kernel with the cells before this one run again."
)
STUCK_MESSAGE = (
    "this cell did not stop within the time limit ({timeout} s) and did not answer the interrupt "
    "(it caught KeyboardInterrupt, or kept printing). Grading went on in a fresh kernel with the cells "
    "before this one run again."
)
#: The grader's gate (grader.forkserver): a descriptor to read one byte from before the first cell.
GATE_ENV = "DISTCOURSE_GATE_FD"
#: ... and one to write a byte to once the kernel is warm, so that the grader starts the next kernel.
WARM_ENV = "DISTCOURSE_WARM_FD"

#: The warm-up run in the kernel: the imports every notebook of the course starts with, in a thread
#: of low priority (NICE, put in for __NICE__; on Linux a thread's nice value is its own) when the kernel warms up for the
#: next submission, so that it takes only the CPU the current one leaves; with the cyclic garbage collector off while
#: it imports (about a tenth of the time torch takes to import goes to collections that find nothing), and
#: those objects frozen after (`gc.freeze`: later collections in the kernel and in the ranks it forks
#: skip them). Nothing is left in the notebook's namespace: a notebook that forgets `import torch`
#: fails in grading as it does at home.
WARM_UP = """
def __distcourse_warm_up():
    import gc, importlib, os, threading
    def imports():
        try:  # grader.lowpriority.lower_this_thread (the kernel cannot import the grader's modules)
            tid = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, 0, min(19, os.getpriority(os.PRIO_PROCESS, tid) + __NICE__))
        except (AttributeError, OSError):
            pass
        for name in ("torch", "torch.distributed", "torch._dynamo", "helpers"):
            importlib.import_module(name)
    gc.disable()
    try:
        thread = threading.Thread(target=imports, name="warm-up")
        thread.start()
        thread.join()
    finally:
        gc.enable()
        gc.freeze()
__distcourse_warm_up()
del __distcourse_warm_up
"""
#: Run in a sandboxed kernel once its turn has come, and in each kernel started after (grader.sandbox.KERNEL_ARGS):
#: the notebook's folder back on sys.path, before the first site-packages, where IPython puts it. No name is left in
#: the notebook's namespace.
OPEN_FOLDER = """(lambda path: path.insert(next((i for i, p in enumerate(path) if p.endswith(("site-packages",
 "dist-packages"))), len(path)), "") if "" not in path else None)(__import__("sys").path)"""
DISPLAY_REMOVED = "[the grader removed {n} display output(s) of this test cell: a test cell's result is the grader's]\n"


def _process_cpu() -> float:
    """CPU seconds of this process so far, every thread's (ended threads included)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _readable(fd: int) -> bool:
    """Whether reading `fd` would not block (data, or its other end closed)."""
    import select

    return bool(select.select([fd], [], [], 0)[0])


def _size(obj, limit: int) -> int:
    """Roughly how many bytes obj takes as JSON, counting no further than just past `limit`."""
    total, stack = 0, [obj]
    while stack and total <= limit:
        item = stack.pop()
        if isinstance(item, str):
            total += len(item) + 2
        elif isinstance(item, dict):
            total += 2 * len(item) + 2
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            total += len(item) + 2
            stack.extend(item)
        else:
            total += 8
    return total


ERROR_FLOOR = 500  # bytes of an error's value kept past the output budgets, so a cell's failure is still said


def _shorten(text, limit: int) -> str:
    text = text if isinstance(text, str) else str(text)
    return text if len(text) <= limit else text[:limit] + f"... [{len(text) - limit} characters cut]"


class UnsandboxedExecution(RuntimeError):
    """A notebook asked to run outside the grader's sandbox without being told to."""


class ResilientExecute(Execute):
    max_kernel_deaths = Integer(3, help="Give up on a notebook after this many kernel deaths or stuck cells.").tag(config=True)
    max_message_bytes = Integer(1_000_000, help="Largest output message kept whole; longer text is cut.").tag(config=True)
    max_cell_bytes = Integer(2_000_000, help="Output kept per cell; the rest is cut.").tag(config=True)
    max_notebook_bytes = Integer(10_000_000, help="Output kept per notebook; the rest is cut.").tag(config=True)
    max_observation_bytes = Integer(
        64_000_000, help="Largest report a probe may send (a test cell's reports together).").tag(config=True)
    max_grading_cpu = Float(
        MAX_GRADING_CPU, help="CPU seconds this process may spend on one notebook, all its threads together; past "
                              "them the kernel is killed and the notebook fails (TooCostlyKernel).").tag(config=True)
    max_errors_per_cell = Integer(20, help="Error outputs kept per cell (the cell fails after the first).").tag(config=True)
    unsandboxed = Bool(
        False, help="Run the notebook in a kernel other than the grader's sandbox, with the rights of whoever runs "
                    "nbgrader: only for notebooks you trust (make grade UNSANDBOXED=1 sets it).").tag(config=True)
    warm_up_code = Unicode(
        WARM_UP,
        help="Run silently in the kernel once it has started, before the first cell (its errors are ignored: "
             "the notebook's own imports will meet them).").tag(config=True)

    def preprocess(self, nb, resources=None, km=None):
        if self.kernel_name != sandbox.KERNEL_NAME and not self.unsandboxed:
            # nbgrader_config.py is the course's, and every nbgrader reads it: Formgrader's own "autograde" button
            # (in the TA's Jupyter server) ran a hand-in in the notebook's python3 kernel, as the TA, root, with the
            # TA's environment (round 37). Student code runs only where grader.grade starts it, in the sandbox.
            raise UnsandboxedExecution(
                f"not running this notebook: its kernel ({self.kernel_name or 'the one the notebook names'}) is not the grader's "
                "sandbox, and it would run as you. Grade submissions with `make grade` (python -m grader.grade); "
                "for a notebook you trust, --ResilientExecute.unsandboxed=True")
        self._deadly: list[int] = []
        self._replaying = False
        self._warmed = False
        gate = os.environ.pop(GATE_ENV, None)  # not passed on to the kernel
        self._gate = int(gate) if gate and gate.isdigit() else None
        warm = os.environ.pop(WARM_ENV, None)
        self._warm_fd = int(warm) if warm and warm.isdigit() else None
        self._notebook_bytes = 0
        self._messages = 0
        self._reading_cpu = 0.0
        self._flooded = None
        self._output_task = None
        self._observer = None
        self._room = None
        self._handover_queue = None
        if resources is None:
            resources = {}
        resources[VERDICTS] = {}
        os.environ[JUDGE_ENV] = "grader"  # inherited by the kernel: its probes only hand their arguments over
        watching = threading.Event()
        threading.Thread(target=self._watch_cpu, args=(watching, _process_cpu()), name="cpu-watch", daemon=True).start()
        try:
            result = super().preprocess(nb, resources, km)
            self._stop_if_flooded()
            return result
        finally:
            watching.set()
            if self._observer is not None:
                self._observer.close()
            if self._room is not None:
                self._room.close()
                self.log.info("the judges' room used %.2f CPU-s for this notebook", self._room.spent)

    # ------------------------------------------------------------------ a warm start

    async def async_start_new_kernel_client(self):
        km = self.km  # nbclient forgets it (self.km = None) when the kernel does not start
        make_client = km.client

        def bounded_client(*args, **kwargs):  # every socket to the kernel refuses an oversized message
            import zmq

            client = make_client(*args, **kwargs)
            client.context.setsockopt(zmq.MAXMSGSIZE, MAX_KERNEL_MESSAGE)
            return client

        km.client = bounded_client
        try:
            kc = await super().async_start_new_kernel_client()
        finally:
            km.client = make_client
        # Nothing reads the stdin channel (input() is not allowed): closed, so that a kernel's messages on
        # it are dropped by ZeroMQ in the kernel, not queued in this process's memory.
        kc.stdin_channel.close()
        for channel in (kc.shell_channel, kc.control_channel):
            channel.socket.setsockopt(zmq.SNDTIMEO, int(MAX_SEND_SECONDS * 1000))  # zmq.Again past it
        for channel in (kc.iopub_channel, kc.shell_channel):
            self._count_messages(channel)
        self._wait_for_seal()
        if not self._warmed:
            self._warmed = True
            await self._warm_up()
            self._start_observer()
            self._wait_at_gate()
        await self._open_folder()
        return kc

    start_new_kernel_client = run_sync(async_start_new_kernel_client)  # what nbconvert's setup_kernel calls

    def _count_messages(self, channel) -> None:
        """Every message read from `channel` counts against the notebook's MAX_KERNEL_MESSAGES, and the CPU this
        process spends checking and decoding it (measured on this thread) against its MAX_READING_CPU."""
        session = channel.session

        async def recv():
            # frame by frame, at most MAX_KERNEL_FRAMES (round 20: millions of empty frames in one message,
            # two bytes each on the wire, cost the grader a second of receiving apiece), all of it timed
            start = time.thread_time()
            try:
                frames = [await channel.socket.recv()]
                while channel.socket.get(zmq.RCVMORE):
                    if len(frames) >= MAX_KERNEL_FRAMES:
                        raise TooCostlyMessages(f"a kernel message of more than {MAX_KERNEL_FRAMES} parts")
                    frames.append(await channel.socket.recv())
                _, signed = session.feed_identities(frames)
                return session.deserialize(signed)
            finally:
                self._reading_cpu = getattr(self, "_reading_cpu", 0.0) + time.thread_time() - start

        async def get_msg(timeout=None):
            ready = await channel.socket.poll(None if timeout is None else int(timeout * 1000))
            if not ready:
                raise Empty
            try:
                msg = await recv()
            except TooCostlyMessages as exc:
                await self._flood(exc)
            finally:
                self._messages = getattr(self, "_messages", 0) + 1
                if self._messages > MAX_KERNEL_MESSAGES:
                    await self._flood(TooManyMessages(f"the kernel sent more than {MAX_KERNEL_MESSAGES:,} messages"))
                if self._reading_cpu > MAX_READING_CPU:
                    await self._flood(TooCostlyMessages(
                        f"reading the kernel's messages took the grader more than {MAX_READING_CPU:g} s of CPU"))
            return msg

        channel.get_msg = get_msg

    async def _flood(self, exc: TooManyMessages) -> None:
        """The kernel (its launcher: the sandbox goes with it) is killed at once, so that the flood ends here and
        the wait for the cell's reply ends as a dead kernel, which is not restarted; the notebook fails with `exc`."""
        if getattr(self, "_flooded", None) is None:
            self._flooded = exc
            try:
                await ensure_async(self.km.signal_kernel(signal.SIGKILL))
            except Exception as error:  # noqa: BLE001 - already gone
                self.log.warning("could not kill the flooding kernel: %s", error)
        raise exc

    def _watch_cpu(self, done: threading.Event, start: float) -> None:
        """Past max_grading_cpu of this process's CPU for the notebook, kill the kernel (its launcher: the sandbox goes
        with it); the notebook then fails with TooCostlyKernel. A thread, on a timer: ZeroMQ's I/O thread can be kept
        busy by a kernel that never completes a message, so nothing the reading thread does would notice."""
        while not done.wait(CPU_WATCH_SECONDS):
            if _process_cpu() - start <= self.max_grading_cpu:
                continue
            if getattr(self, "_flooded", None) is None:
                self._flooded = TooCostlyKernel(
                    f"the grading process spent more than {self.max_grading_cpu:g} s of its CPU on this notebook")
                self.log.warning("%s: the kernel is killed", self._flooded)
            # and killed again at every look while the notebook is graded: the kill is final (the notebook stops at
            # its next step; any kernel started meanwhile goes too)
            provisioner = getattr(getattr(self, "km", None), "provisioner", None)
            process = getattr(provisioner, "process", None)
            if process is None or process.poll() is not None:
                continue  # ended and reaped: its id may be another process's now
            for kill, target in ((os.killpg, getattr(provisioner, "pgid", None)), (os.kill, getattr(provisioner, "pid", None))):
                if isinstance(target, int) and target > 0 and target not in (os.getpid(), os.getpgrp()):
                    try:
                        kill(target, signal.SIGKILL)
                    except OSError:
                        pass

    def _stop_if_flooded(self) -> None:
        """The cell ended because the kernel was killed for what its messages cost: the notebook stops here."""
        flooded = getattr(self, "_flooded", None)
        if flooded is not None:
            raise type(flooded)(str(flooded)) from None

    async def _warm_up(self) -> None:
        """Run warm_up_code in the kernel (silently; its outcome is not looked at) while this process
        imports the judges; wait for it at most startup_timeout seconds, else start a fresh kernel."""
        assignment = (self.resources.get("nbgrader") or {}).get("assignment")
        waiting = self._gate is not None and not _readable(self._gate)  # else its turn has come already
        code = self.warm_up_code.replace("__NICE__", str(NICE if waiting else 0))
        msg_id = self.kc.execute(code, silent=True, store_history=False) if self.warm_up_code else None
        assignment = assignment if isinstance(assignment, str) else None
        if waiting:
            in_low_priority_thread(judge.preload, assignment)
        else:
            judge.preload(assignment)
        if msg_id is None or await self._replied(msg_id):
            return
        # it killed or stuck the kernel: the notebook starts in a fresh one, not warmed
        self._stop_if_flooded()
        self.log.warning("the kernel's warm-up did not finish; starting a fresh kernel")
        await ensure_async(self.km.restart_kernel(now=True))
        await ensure_async(self.kc.wait_for_ready(timeout=self.startup_timeout))

    def _wait_at_gate(self) -> None:
        warm, self._warm_fd = self._warm_fd, None
        if warm is not None:  # tell the grader: the next kernel may start
            try:
                os.write(warm, b"w")
            except OSError:
                pass
            finally:
                os.close(warm)
        if self._gate is None:
            return
        gate, self._gate = self._gate, None
        try:
            told = os.read(gate, 1)
        finally:
            os.close(gate)
        if not told:
            raise RuntimeError("the grader ended before this submission's turn")

    # ------------------------------------------------------------------ one cell

    def preprocess_cell(self, cell, resources, index):
        self._stop_if_flooded()  # a kill for what the kernel cost is final, wherever it landed (round 22: in a replay)
        self._start_cell(cell)
        try:
            try:
                cell, resources = super().preprocess_cell(cell, resources, index)
            except CellTimeoutError:
                self._stop_if_flooded()
                if run_sync(self.km.is_alive)():
                    cell, resources = self._restart(cell, index, STUCK_MESSAGE.format(timeout=self.timeout), "CellDidNotStop")
                else:
                    cell, resources = self._restart(cell, index, DEATH_MESSAGE, "KernelDied")
            except DeadKernelError:
                self._stop_if_flooded()
                cell, resources = self._restart(cell, index, DEATH_MESSAGE, "KernelDied")
        finally:
            self._finish_outputs(cell)
        self._stop_if_flooded()
        self._observe()
        if self._is_test:  # the feedback says whether hidden checks ran (the grader's word, not the notebook's)
            cell.metadata[RAN_KEY] = bool(self._observations)
        verdict = judge.judge_cell(cell, self.log, self._observations, self._start_room())
        if verdict is not None:
            grade_id = cell.metadata["nbgrader"]["grade_id"]
            earlier = self.resources[VERDICTS].get(grade_id)
            if earlier is not None and not earlier.passed:  # one id judged twice: both must pass
                verdict = earlier
            self.resources[VERDICTS][grade_id] = verdict
        self._observations = []
        return cell, self.resources

    def _start_cell(self, cell) -> None:
        self._observations: list = []
        self._handovers: list = []
        self._observation_bytes = 0
        self._cell_bytes = 0
        self._cut_bytes = 0
        self._errors = 0
        self._displays_removed = 0
        self._is_test = judge.is_test_cell(cell)
        self._owed = 0  # the hand-overs the cell's trusted source calls for: the only ones observed
        if self._is_test:
            try:
                self._owed = len(judge.probe_calls(cell.get("source", "")))
            except judge.Unverifiable:
                pass  # judge_cell fails the cell, in words

    def _finish_outputs(self, cell) -> None:
        notes = []
        if self._displays_removed:
            notes.append(DISPLAY_REMOVED.format(n=self._displays_removed))
        if self._cut_bytes:
            notes.append(
                f"[the grader cut about {self._cut_bytes:,} bytes of this cell's output: it keeps at most "
                f"{self.max_message_bytes:,} bytes per message, {self.max_cell_bytes:,} per cell and "
                f"{self.max_notebook_bytes:,} per notebook]\n")
        if notes:
            cell.outputs.append(NotebookNode(output_type="stream", name="stdout", text="".join(notes)))

    # ------------------------------------------------------------------ output, as it arrives

    async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
        self._output_task = asyncio.current_task()  # cancelled if the cell has to be abandoned
        return await super()._async_poll_output_msg(parent_msg_id, cell, cell_index)

    def output(self, outs, msg, display_id, cell_index):
        if self._replaying:
            return None  # the first run's outputs stay; nothing of a replay is kept
        msg_type, content = msg["msg_type"], msg.get("content") or {}
        data = content.get("data") if msg_type in ("display_data", "execute_result") else None
        if isinstance(data, dict) and HANDOVER_MIME in data:
            self._take_handover(outs, data[HANDOVER_MIME])
            return None
        if isinstance(data, dict) and MIME in data:
            return None  # a report the kernel made itself: never judged (the observer's are)
        if msg_type == "error":
            self._errors += 1
            if self._errors > self.max_errors_per_cell:
                return None
            return self._error_output(outs, content)
        if self._is_test and msg_type in ("display_data", "execute_result"):
            self._displays_removed += 1
            return None
        budget = min(self.max_message_bytes, self.max_cell_bytes - self._cell_bytes,
                     self.max_notebook_bytes - self._notebook_bytes)
        size = _size(content, budget)
        if size <= budget:
            self._count(size)
            return super().output(outs, msg, display_id, cell_index)
        if msg_type == "stream" and isinstance(content.get("text"), str) and budget > 0:
            text = content["text"]
            kept = text[:budget]
            self._cut_bytes += len(text) - len(kept)
            self._count(len(kept))
            out = NotebookNode(output_type="stream", name=content.get("name", "stdout"), text=kept + "\n")
            outs.append(out)
            return out
        self._cut_bytes += size
        return None

    def _error_output(self, outs, content):
        """An error counts in the same budgets as any output; past them only its name and a short value stay."""
        budget = min(self.max_message_bytes, self.max_cell_bytes - self._cell_bytes,
                     self.max_notebook_bytes - self._notebook_bytes)
        ename = _shorten(content.get("ename", "Error"), 200)
        evalue = _shorten(content.get("evalue", ""), 10_000)
        traceback = [_shorten(line, 2_000) for line in list(content.get("traceback") or [])[:200]]
        size = _size([ename, evalue, traceback], max(budget, 0))
        if size > budget:  # the failure itself is still recorded, in at most ERROR_FLOOR bytes
            self._cut_bytes += max(size, 1)
            evalue = _shorten(evalue, ERROR_FLOOR)
            traceback = [f"{ename}: {evalue}"]
            if self._errors > 1:
                return None  # a later error of a cell over its budget: the first already said it failed
            size = _size([ename, evalue, traceback], ERROR_FLOOR * 4)
        self._count(size)
        out = NotebookNode(output_type="error", ename=ename, evalue=evalue, traceback=traceback)
        outs.append(out)
        return out

    def _count(self, size: int) -> None:
        self._cell_bytes += size
        self._notebook_bytes += size

    def _take_handover(self, outs, payload) -> None:
        """Keep a probe call's hand-over (its check, its pickled arguments) until the cell is done."""
        if not self._is_test:
            return  # hand-overs outside test cells are dropped unobserved
        if len(self._handovers) > self._owed:
            return  # judge_cell refuses the cell already: more reports than calls
        check = payload.get("check") if isinstance(payload, dict) else None
        if len(self._handovers) == self._owed:
            # one more than the cell's source calls for: kept, so that the judge refuses the cell, but never
            # observed (round 29: a kernel made one test cell hand over 1,000 checks, and each was run)
            extra = _Handover(len(outs), check, None, None)
            extra.payload = {"check": check, "failed": "more hand-overs than this cell's hidden checks"}
            extra.done.set()
            self._handovers.append(extra)
            return
        args = payload.get("args") if isinstance(payload, dict) else None
        check = check[:200] if isinstance(check, str) else None
        self._observation_bytes += len(args) if isinstance(args, str) else 0
        if isinstance(args, str) and self._observation_bytes > self.max_observation_bytes + MAX_HANDOVER_BYTES // 2:
            args, why = None, f"more than {self.max_observation_bytes:,} bytes handed over by this cell"
        else:
            why = payload.get("unpicklable") if isinstance(payload, dict) else None
        handover = _Handover(len(outs), check, args if isinstance(args, str) else None, why)
        self._handovers.append(handover)
        self._observing().put(handover)  # its check starts now, while the rest of the cell runs in the kernel

    def _observe(self) -> None:
        """Wait for the observer's report on each hand-over of the cell (or why it failed); keep them in memory."""
        handovers, self._handovers = self._handovers, []
        for handover in handovers:
            handover.done.wait()
            self._observations.append((handover.position, handover.payload))
        self._report_bytes = 0

    def _observing(self) -> "queue.SimpleQueue":
        """The queue of hand-overs a thread of this process takes to the observer, one at a time in the order they
        came: a check runs while the cell that handed it over goes on (its visible asserts, say), so a cell costs the
        longer of the two, not their sum (a submission that hangs waited for the kernel's time limit and then for the
        observer's, one after the other)."""
        if getattr(self, "_handover_queue", None) is None:
            self._handover_queue = queue.SimpleQueue()
            threading.Thread(target=self._observe_in_turn, args=(self._handover_queue,), daemon=True).start()
        return self._handover_queue

    def _observe_in_turn(self, handovers: "queue.SimpleQueue") -> None:
        while True:
            handover = handovers.get()
            try:
                handover.payload = self._observation(handover)
            except BaseException as exc:  # noqa: BLE001 - the observer closed under it: the check fails, in words
                handover.payload = {"check": handover.check, "failed": f"the grader's observer failed ({type(exc).__name__})"}
            finally:
                handover.done.set()

    def _observation(self, handover: "_Handover") -> dict:
        check, args, why = handover.check, handover.args, handover.why
        if check is None:
            return {"check": None, "failed": "a hand-over without a check name"}
        if args is None:
            name = check.partition(".")[2]
            return {"check": check, "failed": (
                f"the grader could not take what this cell gives the hidden check {name} out of your notebook"
                + (f" ({str(why)[:300]})" if why else "")
                + ". Define what the exercise asks for at the top level of the notebook, without open files, "
                "locks or other resources that cannot be copied")}
        return self._ask_observer(check, args)

    def _start_observer(self) -> None:
        """The submission's observer, started once its kernel is warm (before the gate, so that it starts
        while the submission before is graded, not when the first check needs it)."""
        if self._observer is None:
            spec = getattr(self.km, "kernel_spec", None)
            self._observer = Observer(getattr(spec, "argv", None), getattr(spec, "env", None), self.log)
            try:
                self._observer.start()
            except OSError as exc:  # asked again at the first check, which fails in words if it cannot start
                self.log.warning("the observer did not start yet: %s", exc)

    def _start_room(self) -> "judge.Room":
        """The notebook's judges' room (forked at its first report, from this main thread, once the judges are imported)."""
        if self._room is None:
            self._room = judge.Room()
        return self._room

    def _ask_observer(self, check: str, args: str) -> dict:
        self._start_observer()
        # the reports of one cell, together, within max_observation_bytes: they are held until the cell is judged
        left = max(0, self.max_observation_bytes - getattr(self, "_report_bytes", 0))
        try:
            answer = self._observer.ask(check, args, limit=left)
        except ObserverError as exc:
            return {"check": check, "failed": str(exc)}
        self._report_bytes = getattr(self, "_report_bytes", 0) + getattr(self._observer, "last_size", 0)
        return answer

    def _update_display_id(self, display_id, msg):
        """Updates of earlier displays are not applied: they would bypass the caps (and can't raise a score)."""

    def handle_comm_msg(self, outs, msg, cell_index):
        """Widgets' messages are ignored: their state would be held in the grader's memory, uncapped."""

    def on_cell_executed(self, **kwargs):
        reply = kwargs["execute_reply"]
        content = reply.get("content") or {}
        if content.get("status") == "error":  # record the failure, shortened, if no error output said so
            content["ename"] = _shorten(content.get("ename", "Error"), 200)
            content["evalue"] = _shorten(content.get("evalue", ""), 10_000)
            content["traceback"] = [_shorten(line, 2_000) for line in list(content.get("traceback") or [])[:200]]
        return super().on_cell_executed(**kwargs)

    # ------------------------------------------------------------------ a cell that killed or stuck its kernel

    def _restart(self, cell, index, message: str, ename: str):
        """Record why the cell was abandoned, then carry on in a fresh kernel with the cells before it replayed."""
        self._abandon_output_task()
        self._deadly.append(index)
        if len(self._deadly) > self.max_kernel_deaths:
            raise DeadKernelError(f"the kernel died or was stuck {len(self._deadly)} times; giving up on this notebook")
        kept = [o for o in cell.get("outputs", []) if o.get("output_type") != "error"]
        cell.outputs = kept + [NotebookNode(output_type="error", ename=ename, evalue=message, traceback=[f"{ename}: {message}"])]
        self.nb.cells[index] = cell
        self.log.warning("%s in cell %d; restarting the kernel and replaying the cells before it", ename, index)
        self._restart_and_replay(index)
        return cell, self.resources

    def _abandon_output_task(self) -> None:
        task, self._output_task = self._output_task, None
        if task is not None and not task.done():
            task.cancel()

    def _restart_kernel(self) -> None:
        self._stop_if_flooded()  # never a fresh kernel for a notebook killed for what it cost
        self._abandon_output_task()
        run_sync(self.km.restart_kernel)(now=True)
        run_sync(self.kc.wait_for_ready)(timeout=self.startup_timeout)
        self._wait_for_seal()
        run_sync(self._open_folder)()

    async def _open_folder(self) -> None:
        """OPEN_FOLDER, run in the kernel before any cell of the notebook; waited for (at most startup_timeout)."""
        await self._replied(self.kc.execute(OPEN_FOLDER, silent=True, store_history=False))

    async def _replied(self, msg_id: str) -> bool:
        """Wait for the kernel's reply to the request `msg_id` (at most startup_timeout); False if it died or none came."""
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            try:
                msg = await ensure_async(self.kc.get_shell_msg(timeout=1))
            except Empty:
                if not await ensure_async(self.km.is_alive()):
                    return False
                continue
            if msg.get("parent_header", {}).get("msg_id") == msg_id:
                return True
        return False

    def _wait_for_seal(self) -> None:
        """A sandboxed kernel runs no code of the notebook before its runtime folder is sealed (sandbox.wait_sealed)."""
        if getattr(self.km, "kernel_name", None) != sandbox.KERNEL_NAME or not self.km.connection_file:
            return
        state = sandbox.wait_sealed(self.km.connection_file, timeout=self.startup_timeout)
        if state != "sealed":
            self.log.warning("the kernel's runtime folder is %s", state or "not known to be sealed")

    def _restart_and_replay(self, index: int) -> None:
        self._restart_kernel()
        saved = [copy.deepcopy(c) for c in self.nb.cells[:index]]
        self._replaying = True
        try:
            for i, cell in enumerate(self.nb.cells[:index]):
                if cell.cell_type == "code" and i not in self._deadly:
                    try:
                        self.execute_cell(copy.deepcopy(cell), i, store_history=False)
                    except (DeadKernelError, CellTimeoutError):
                        # a cell that ran the first time and kills or sticks the kernel when replayed counts as a
                        # death too (each one cost a cell's time limit, and replays were not bounded by deaths)
                        self._stop_if_flooded()
                        self._deadly.append(i)
                        if len(self._deadly) > self.max_kernel_deaths:
                            raise DeadKernelError(f"the kernel died or was stuck {len(self._deadly)} times, replays "
                                                  "included; giving up on this notebook") from None
                        self._restart_kernel()
        finally:
            self._replaying = False
        self.nb.cells[:index] = saved  # outputs stay those of the first run
