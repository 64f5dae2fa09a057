"""Sandboxed kernels forked from a warm template: `import torch` once per grading run, not per kernel.

A kernel's own start costs about 2 s of CPU, nearly all of it importing torch, torch.distributed,
torch._dynamo (which torch.optim imports when an optimizer is built) and helpers: most of what grading
a submission costs. The template (`serve`, one process per run, started by grader.grade) imports them
and ipykernel once, with the kernel's cleared environment and nothing of the grader's (no nbgrader, no
judge, no gradebook, no secrets: it is started with `sandbox.kernel_env`), then forks one kernel per
request. A forked kernel is a process of its own, with the notebook's namespace empty as in any new
kernel, and it runs in the sandbox of its submission exactly as a kernel bwrap started would:

  * the launcher (`python -m grader.sandbox -f CONNECTION_FILE`, the kernelspec's command) enters
    the submission's cgroups and rlimits and starts bwrap with the submission's sandbox (its mounts, its
    throwaway folder, seccomp, no capabilities, uid 65534, its own PID, network, IPC and UTS
    namespaces) around a placeholder program, then asks the template for a kernel in it;
  * the template's child takes the same rlimits and cgroups, joins every namespace of the placeholder
    (user first, then mount, network, IPC, UTS, cgroup and PID: its own child is the kernel, in the
    sandbox's PID namespace), and that child drops every capability, sets no_new_privs, installs the
    same seccomp filter, starts a session, takes the kernel's environment, closes every descriptor but
    the launcher's standard streams, and becomes the kernel (ipykernel, as `python -m ipykernel_launcher`);
  * the launcher waits for the kernel (a pidfd) and, when it ends or the launcher is told to end, ends
    the sandbox: bwrap (--die-with-parent) takes the PID namespace, and with it every process the kernel
    started, down with it.

Where the template cannot be reached, or forking into the sandbox fails, the launcher starts the kernel
itself in bwrap, as without the template (and says so on stderr): slower, the same sandbox.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import resource
import signal
import socket
import struct
import sys

SOCKET_ENV = "DISTCOURSE_ZYGOTE"
KERNEL_NAME = "ipykernel"  # a forked kernel's name in ps and top (its command line is the template's)
#: what every kernel imports before the first cell (grader.execute's warm-up imports the same)
IMPORTS = ("torch", "torch.distributed", "torch._dynamo", "helpers", "ipykernel.kernelapp")
NAMESPACES = (("user", 0x10000000), ("mnt", 0x00020000), ("net", 0x40000000), ("ipc", 0x08000000),
              ("uts", 0x04000000), ("cgroup", 0x02000000), ("pid", 0x20000000))
#: Every limit the platform has: a forked kernel takes each of its launcher's (round 40: a list of nine left out the
#: four round 39 added, and forked kernels kept the TA's session's locked-memory and message-queue limits)
RLIMITS = tuple(sorted(name for name in dir(resource) if name.startswith("RLIMIT_")))
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2
_PR_CAPBSET_DROP, _PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, _PR_SET_PDEATHSIG = 24, 47, 4, 1
_PR_SET_CHILD_SUBREAPER, _PR_SET_NAME, _PR_SET_DUMPABLE = 36, 15, 4
_CAPABILITY_VERSION_3 = 0x20080522
_NS_GET_USERNS, _CLONE_NEWUSER = 0xB701, 0x10000000
_MS_NOSUID, _MS_NODEV, _MS_REMOUNT = 0x2, 0x4, 0x20
MAX_MESSAGE = 1 << 20
#: the sandbox's seccomp program, fixed when the template starts (from the file the grader wrote
#: beside its socket), never taken from a request
SECCOMP = b""
#: the signal dispositions of a fresh interpreter, as this one had them before the template changed any:
#: CPython ignores SIGPIPE and SIGXFSZ (a write to a closed pipe raises BrokenPipeError instead of
#: killing the process) and handles SIGINT. A forked kernel or observer gets exactly these back.
_FRESH_SIGNALS = {sig: signal.getsignal(sig) for sig in (signal.SIGCHLD, signal.SIGTERM, signal.SIGPIPE, signal.SIGHUP,
                                                         signal.SIGXFSZ, signal.SIGINT)}


def _libc():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    libc.setns.argtypes = [ctypes.c_int, ctypes.c_int]
    return libc


def _check(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{what}: {os.strerror(code)}")


# --- in the template's child: into the sandbox, then the kernel ------------------------------------

def _join(holder_ns: dict[str, int], tmpfs_inodes: dict[str, int] | None = None) -> None:
    """Join the placeholder's namespaces. bwrap makes them all in one user namespace and, with
    --disable-userns, runs its program in a user namespace nested in that one: the outer one (the
    mount namespace's owner) is joined first, which gives the rights to join the others, the
    program's own last. In between, with the rights of the mount namespace's owner, the sandbox's
    tmpfs mounts get their inode caps (`tmpfs_inodes`: mount point -> inodes)."""
    import fcntl

    libc = _libc()
    owner = fcntl.ioctl(holder_ns["mnt"], _NS_GET_USERNS)
    try:
        _check(libc.setns(owner, _CLONE_NEWUSER), "setns(user, the sandbox's outer)")
        for name, flag in NAMESPACES:
            if name != "user" and name in holder_ns:
                _check(libc.setns(holder_ns[name], flag), f"setns({name})")
        for path, inodes in sorted((tmpfs_inodes or {}).items()):
            # bwrap mounted each with nosuid and nodev; a remount keeps its size and sets the inode count
            _check(libc.mount(None, os.fsencode(path), None, _MS_REMOUNT | _MS_NOSUID | _MS_NODEV,
                              f"nr_inodes={int(inodes)}".encode()), f"capping the inodes of {path}")
        if os.fstat(holder_ns["user"]).st_ino != os.fstat(owner).st_ino:
            _check(libc.setns(holder_ns["user"], _CLONE_NEWUSER), "setns(user)")
    finally:
        os.close(owner)


def _may_setgroups() -> bool:
    try:
        with open("/proc/self/setgroups") as fh:
            return fh.read().strip() == "allow"
    except OSError:
        return False


def _drop_privileges(seccomp: bytes, ids: tuple[int, int] | None = None) -> None:
    """What bwrap does to the program it runs: no capability left anywhere, no way to gain one, the filter.

    `ids` (uid, gid inside the sandbox's user namespace): taken when this process is still host root (a
    template the root grader started), so that the kernel is the sandbox's unprivileged host user
    (grader.sandbox.HOST_UID), as a kernel bwrap starts is, never host root with no capability.
    """
    libc = _libc()
    last = int(open("/proc/sys/kernel/cap_last_cap").read())
    for cap in range(last + 1):
        _check(libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0), f"dropping capability {cap} from the bounding set")
    _check(libc.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0), "clearing ambient capabilities")
    if ids is not None:
        os.setgroups([]) if _may_setgroups() else None
        os.setresgid(ids[1], ids[1], ids[1])
        os.setresuid(ids[0], ids[0], ids[0])
        if os.getuid() == 0:
            raise OSError(errno.EPERM, "the kernel is still root")
        libc.prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0)  # a change of uid clears it; a kernel bwrap starts has it
    header = struct.pack("=Ii", _CAPABILITY_VERSION_3, 0)
    data = bytes(24)  # two __user_cap_data_struct {effective, permitted, inheritable}, all zero
    hdr, dat = ctypes.create_string_buffer(header, len(header)), ctypes.create_string_buffer(data, len(data))
    _check(libc.capset(hdr, dat), "capset")
    _check(libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    program = ctypes.create_string_buffer(seccomp, len(seccomp))

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    fprog = SockFprog(len(seccomp) // 8, ctypes.addressof(program))
    _check(libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.addressof(fprog), 0, 0), "seccomp")


def _become_kernel(request: dict, stdio: list[int], channel: int) -> None:
    """In the kernel process (inside every namespace already): the rest of the sandbox, then ipykernel.

    `channel` is a socket to the launcher: the kernel says "k" once it is sandboxed (the launcher
    falls back to bwrap if it dies before), and waits for "g" (the launcher watches it from then on).
    """
    _drop_privileges(SECCOMP, (request["sandbox_uid"], request["sandbox_gid"]) if request.get("host_uid") is not None
                     else None)
    name = ctypes.create_string_buffer(b"observer" if request.get("program") == "observer" else KERNEL_NAME.encode())
    _libc().prctl(_PR_SET_NAME, ctypes.addressof(name), 0, 0, 0)
    os.setsid()
    for fd, target in zip(stdio, (0, 1, 2)):
        os.dup2(fd, target)
    os.closerange(3, channel)  # everything the template and its child held, but the launcher's channel
    os.closerange(channel + 1, 1 << 16)
    os.write(channel, b"k")
    if os.read(channel, 1) != b"g":  # the launcher ended before it could watch us
        os._exit(1)
    os.close(channel)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    os.environ["PWD"] = request["cwd"]
    for name in [m for m in sys.modules if m.split(".")[0] in ("grader", "autograders")]:
        del sys.modules[name]
    sys.argv = [request["argv0"], *request["args"]]
    # A new process draws its random seeds afresh (torch and numpy at import, from the OS): so does each
    # fork, rather than share the template's (Python's random module reseeds after a fork itself).
    if "torch" in sys.modules:
        sys.modules["torch"].seed()
    if "numpy.random" in sys.modules:
        sys.modules["numpy.random"].seed()
    for sig, disposition in _FRESH_SIGNALS.items():
        signal.signal(sig, disposition if disposition is not None else signal.SIG_DFL)
    # Where its launches will go through helpers.launch's fork server (a GPU machine, macOS), this
    # process starts its own now, inside its sandbox, while it warms up: never the template's. An observer
    # starts its own once its channel is off stdout and its server is to be private (probes.observer.main):
    # a server started here kept the channel as its stdout, and every rank's print went into the reports.
    if "helpers.launch" in sys.modules and request.get("program") != "observer":
        sys.modules["helpers.launch"].start_fork_server_early()
    if request.get("program") == "observer":  # the submission's observer (probes.observer), not a kernel
        code = 0
        try:
            from probes import observer

            observer.main()
        except BaseException:  # noqa: BLE001 - its own failure, said on its stderr
            import traceback

            traceback.print_exc()
            code = 1
        os._exit(code)
    from ipykernel import kernelapp

    code = 0
    try:
        kernelapp.launch_new_instance(argv=request["args"])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    except BaseException:  # noqa: BLE001 - the kernel's own failure, said on its stderr
        import traceback

        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


#: The OOM killer's score of every process of a sandbox (the most: it is chosen before any process of the grader).
#: Written before the sandbox starts; where the writer holds CAP_SYS_RESOURCE (root on a host) Linux keeps it as the
#: least its processes may set, elsewhere (an ordinary user's grader, root in Docker's default) a sandbox may lower its
#: own back to 0, never its launcher's (round 51). Round 50: memory a sandbox held where no resident set shows it (tmpfs files, socket queues, a futex
#: hash) ran a 4-GiB host out, and the OOM killer, choosing by resident set, killed the grader's fork server.
OOM_SCORE_FIRST = 1000


def doom_first() -> None:
    """Make this process (and what it starts) the OOM killer's first choice (OOM_SCORE_FIRST). Here, not in
    grader.sandbox, for the template's children (which import nothing more)."""
    try:
        with open("/proc/self/oom_score_adj", "w") as fh:
            fh.write(str(OOM_SCORE_FIRST))
    except OSError:
        pass  # not Linux


def _fork_kernel(conn: socket.socket, request: dict, fds: list[int]) -> None:
    """In the template's child: limits, namespaces, then fork the kernel (in the sandbox's PID namespace),
    tell the launcher its pid, and leave."""
    import resource

    stdio, channel, holder_ns = fds[:3], fds[3], dict(zip(request["namespaces"], fds[4:]))
    doom_first()  # while still root, so that the kernel cannot lower it
    for name, (soft, hard) in request["rlimits"].items():
        resource.setrlimit(getattr(resource, name), (soft, hard))
    for group in request["cgroups"]:
        with open(os.path.join(group, "cgroup.procs"), "w") as fh:
            fh.write(str(os.getpid()))
    try:
        os.setgroups([])
    except PermissionError:
        pass
    _join(holder_ns, request.get("tmpfs_inodes"))
    for fd in holder_ns.values():
        os.close(fd)
    pid = os.fork()
    if pid == 0:
        try:
            conn.close()
            _become_kernel(request, stdio, channel)
        finally:
            os._exit(1)
    conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")


def _reap(*_) -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def serve(path: str) -> None:
    """The template: one forked kernel per connection on the socket at `path`.

    The socket listens before the imports, so that a launcher that comes early waits for them
    (its connection is accepted once they are done) rather than starting a kernel of its own.
    """
    import gc
    import importlib

    global SECCOMP
    with open(os.path.join(os.path.dirname(path), "seccomp.bpf"), "rb") as fh:
        SECCOMP = fh.read()
    if not SECCOMP or len(SECCOMP) % 8:
        raise SystemExit("the kernel template needs the sandbox's seccomp program beside its socket")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    gc.disable()
    for name in IMPORTS:
        importlib.import_module(name)
    gc.enable()
    gc.freeze()
    # A kernel's parent (the child that forked it) leaves at once; the kernel is then this process's
    # to reap, as its nearest ancestor that says it reaps orphans.
    _libc().prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    signal.signal(signal.SIGCHLD, _reap)
    while True:
        conn, _ = listener.accept()
        # The request is read in the child, never here: the template's memory, which every later kernel
        # starts as a copy of, holds nothing of any submission (its folder, its student's name).
        try:
            pid = os.fork()
        except OSError:
            conn.close()
            continue
        if pid == 0:
            code = 1
            try:
                listener.close()
                _, uid, _ = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                                                  struct.calcsize("3i")))
                if uid != os.getuid():  # the folder is this user's alone; nobody else asks
                    raise PermissionError(f"a request from uid {uid}")
                message, fds, _, _ = socket.recv_fds(conn, MAX_MESSAGE, 16)
                _fork_kernel(conn, json.loads(message), fds)
                code = 0
            except BaseException as exc:  # noqa: BLE001 - told to the launcher, which falls back
                try:
                    conn.sendall(json.dumps({"error": f"{type(exc).__name__}: {exc}"}).encode() + b"\n")
                except OSError:
                    pass
            finally:
                os._exit(code)
        conn.close()


# --- in the launcher -------------------------------------------------------------------------------

def sandbox_namespaces(holder: int, alive) -> dict[str, int]:
    """Descriptors of the namespaces of process `holder`, the placeholder of a sandbox: each one checked
    to be another than this process's own (never the host's: a kernel must not join those). `alive()`
    says, once they are open, that the holder is still the process it was (its pid not reused)."""
    fds: dict[str, int] = {}
    try:
        for name, _ in NAMESPACES:
            try:
                fds[name] = os.open(f"/proc/{holder}/ns/{name}", os.O_RDONLY)
            except FileNotFoundError:  # a kernel without that namespace kind
                continue
            if name != "cgroup" and os.fstat(fds[name]).st_ino == os.stat(f"/proc/self/ns/{name}").st_ino:
                raise OSError(errno.EPERM, f"process {holder} shares the {name} namespace with its launcher: "
                                           "it is not a sandbox")
        missing = {"user", "mnt", "pid", "net", "ipc"} - set(fds)
        if missing:
            raise OSError(errno.ENOTSUP, f"no {', '.join(sorted(missing))} namespace to join")
        if not alive():
            raise OSError(errno.ESRCH, "the sandbox ended before the kernel could join it")
        return fds
    except BaseException:
        for fd in fds.values():
            os.close(fd)
        raise


def request_kernel(path: str, request: dict, stdio: list[int], channel: int, namespaces: dict[str, int]) -> int:
    """Ask the template at `path` for a kernel in `namespaces` (sandbox_namespaces), with `stdio` and the
    kernel's end of the launcher's `channel` (see _become_kernel); its pid."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(120)  # the template may still be importing
        conn.connect(path)
        message = json.dumps({**request, "namespaces": list(namespaces)}).encode()
        socket.send_fds(conn, [message], [*stdio, channel, *namespaces.values()])
        answer = b""
        while not answer.endswith(b"\n"):
            chunk = conn.recv(4096)
            if not chunk:
                break
            answer += chunk
    try:
        reply = json.loads(answer or b"{}")
    except ValueError:
        reply = {}
    if "pid" not in reply:
        raise OSError(errno.EIO, reply.get("error", "the kernel template did not answer"))
    return int(reply["pid"])


def die_with(parent: int) -> None:
    """SIGKILL this process when its parent (pid `parent`) ends; at once if it has already."""
    _libc().prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


if __name__ == "__main__":
    # `python -m` put the working directory first on sys.path; ipykernel_launcher takes it away too
    # (IPython puts "" back for the notebook's folder)
    del sys.path[0]
    die_with(int(sys.argv[2]))
    serve(sys.argv[1])
