"""A private network for the ranks a process launches: a network namespace that no other account reaches.

Why: the ranks of `helpers.launch` rendezvous on a TCPStore and exchange tensors over gloo's TCP
connections, all on loopback. On the host's loopback any local account can connect to those ports:
the store has no authentication (a stranger lists, reads and overwrites its keys) and a gloo listener
pairs with whoever connects first, so another user of a shared machine could read or change what a
TA's own run (`make test`, `make nbval`, `make lab`) sends between its ranks (round 53 did). In a
namespace of their own the ranks' loopback is theirs.

How: the first launch that needs it starts a holder, this file run as a small program (`python -I
-S`, nothing but the standard library), which enters a new network namespace (with CAP_SYS_ADMIN,
root on a host: CLONE_NEWNET alone; otherwise first a user namespace that maps the user and group to
themselves, so ids, file ownership and permissions look and work the same), brings its loopback up,
says which namespaces it made, and then waits for its parent to end (end of its stdin, or a new
parent). Every rank of every later launch of that process joins the holder's namespaces (setns) first
thing, before it makes a socket: one setns a rank, in parallel, where making a namespace cost
10-20 ms a time on the 2-core machine. Launches of one process share the namespace (they are that process's, and ports are
chosen by the OS); no other process of the machine is in it. Ranks set GLOO_SOCKET_IFNAME=lo (unless
the caller set it), so gloo never binds the address the host name resolves to, which the namespace
does not have and which, on the host's network, other machines could reach.

A rank started by "spawn" is a fresh interpreter that imports torch, which starts a thread, before it
runs a line of ours, and a user namespace admits single-threaded processes only: its interpreter is
started through `spawn_executable()`, a small script that joins the namespaces, then execs the real
interpreter in them (round 56: an ordinary user's spawned ranks, left on the host's loopback, had
their store read and their peers' addresses overwritten by another account during `make test`).

Where no namespace can be made (macOS; a container that forbids them; the grader's sandbox, whose
network is private to one kernel already), or with `DISTCOURSE_PRIVATE_NETWORK=0`, the ranks stay on
the network they have.
`DISTCOURSE_PRIVATE_NETWORK=1` makes that an error instead, for a TA who wants the guarantee or nothing.

`command(argv)` makes a command line that runs `argv` in a namespace of its own the same way, for programs that start
their ranks themselves: torchrun's rendezvous store listens on every interface and its state travels
pickled, so another account that reached it ran code as whoever ran lecture 02's torchrun cell (round 55).
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import os
import select
import socket
import struct
import subprocess
import sys
import threading

__all__ = ["mode", "network_for", "join", "spawn_executable", "spawned_in", "command", "run", "MODE_ENV", "PrivateNetworkError"]

MODE_ENV = "DISTCOURSE_PRIVATE_NETWORK"
_CLONE_NEWUSER, _CLONE_NEWNET = 0x10000000, 0x40000000
_SIOCGIFFLAGS, _SIOCSIFFLAGS, _IFF_UP = 0x8913, 0x8914, 0x1
_FLAGS = {"user": _CLONE_NEWUSER, "net": _CLONE_NEWNET}


class PrivateNetworkError(RuntimeError):
    """DISTCOURSE_PRIVATE_NETWORK=1 and this machine cannot give the ranks a network of their own."""


def mode() -> str:
    """DISTCOURSE_PRIVATE_NETWORK read for a launch: "auto" (unset), "off" or "require"; ValueError otherwise."""
    value = os.environ.get(MODE_ENV, "").strip().lower()
    if value in ("", "auto"):
        return "auto"
    if value in ("0", "off", "no", "false"):
        return "off"
    if value in ("1", "on", "yes", "true", "require"):
        return "require"
    raise ValueError(f"{MODE_ENV}={value!r}: use 1 (a private network or an error), 0 (the current network) "
                     "or leave it unset (private where the machine allows it)")


def _libc():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.unshare.argtypes = [ctypes.c_int]
    libc.setns.argtypes = [ctypes.c_int, ctypes.c_int]
    return libc


def _failed(call: str) -> OSError:
    err = ctypes.get_errno()
    return OSError(err, f"{call}: {os.strerror(err)}")


def _write(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def _loopback_up() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        request = struct.pack("16sh22x", b"lo", 0)
        flags = struct.unpack("16sh22x", fcntl.ioctl(sock.fileno(), _SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(sock.fileno(), _SIOCSIFFLAGS, struct.pack("16sh22x", b"lo", flags | _IFF_UP))


def _create() -> list[str]:
    """Enter a new network namespace (a user namespace first where needed) with its loopback up; the kinds made."""
    libc = _libc()
    if libc.unshare(_CLONE_NEWNET) == 0:
        kinds = ["net"]
    else:
        uid, gid = os.geteuid(), os.getegid()
        if libc.unshare(_CLONE_NEWUSER) != 0:
            raise _failed("unshare(CLONE_NEWUSER)")
        _write("/proc/self/setgroups", "deny")
        _write("/proc/self/uid_map", f"{uid} {uid} 1")
        _write("/proc/self/gid_map", f"{gid} {gid} 1")
        if libc.unshare(_CLONE_NEWNET) != 0:
            raise _failed("unshare(CLONE_NEWNET) in a user namespace")
        kinds = ["user", "net"]
    _loopback_up()
    return kinds


def _hold() -> None:
    """The holder's program: make the namespace, say so on stdout, live until the parent is gone."""
    parent = os.getppid()
    try:
        kinds = _create()
    except OSError as exc:
        print("shared", " ".join(str(exc).split()), flush=True)
        return
    print("private", *kinds, flush=True)
    while os.getppid() == parent:
        ready, _, _ = select.select([0], [], [], 1.0)
        if ready and not os.read(0, 4096):
            return


_LOCK = threading.Lock()
_HOLDER: subprocess.Popen | None = None
_STATE: tuple[list[str], str] | None = None  # (kinds made, or [] with the reason there are none)


def _holder() -> tuple[int | None, list[str], str]:
    """(pid, kinds, reason) of this process's holder, started (again) where it is not running."""
    global _HOLDER, _STATE
    with _LOCK:
        if _STATE is not None and not _STATE[0]:
            return None, [], _STATE[1]  # tried once: this process cannot make one
        if _HOLDER is None or _HOLDER.poll() is not None:
            _HOLDER = subprocess.Popen([sys.executable, "-I", "-S", os.path.abspath(__file__)], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, close_fds=True, cwd="/")
            words = _HOLDER.stdout.readline().decode("ascii", "replace").split()
            if words[:1] == ["private"]:
                _STATE = (words[1:], "")
            else:
                _STATE = ([], " ".join(words[1:]) or "the holder of the private network did not start")
                _HOLDER.wait()
                _HOLDER = None
        return (_HOLDER.pid if _HOLDER else None), _STATE[0], _STATE[1]


def network_for(wanted: str, start_method: str) -> tuple[int, tuple[str, ...]] | None:
    """The namespaces a launch's ranks join, (holder pid, kinds), or None: they stay on the current network.

    `wanted` is `mode()`'s answer; "require" raises PrivateNetworkError where the answer would be None.
    """
    if wanted == "off":
        return None
    if not sys.platform.startswith("linux"):
        pid, kinds, reason = None, [], f"no network namespaces on {sys.platform}"
    else:
        pid, kinds, reason = _holder()
    if pid is None:
        if wanted == "require":
            raise PrivateNetworkError(f"{MODE_ENV}=1 but the ranks cannot have a network of their own: {reason}")
        return None
    return pid, tuple(kinds)


def join(network: tuple[int, tuple[str, ...]] | None) -> None:
    """In a rank, first thing (single-threaded, no socket yet): join `network_for`'s namespaces (those it is not in
    already: a spawned rank's interpreter started in them); set gloo's interface."""
    if network is not None and not _joined(network):
        pid, kinds = network
        libc = _libc()
        fds = [os.open(f"/proc/{pid}/ns/{kind}", os.O_RDONLY | os.O_CLOEXEC) for kind in kinds]
        try:
            for kind, fd in zip(kinds, fds):
                if libc.setns(fd, _FLAGS[kind]) != 0:
                    raise _failed(f"setns({kind}) into the launch's private network")
        finally:
            for fd in fds:
                os.close(fd)
    if sys.platform.startswith("linux"):
        os.environ.setdefault("GLOO_SOCKET_IFNAME", "lo")


_WRAPPERS: dict[tuple, str] = {}
_SPAWN_LOCK = threading.Lock()

#: The script spawn_executable writes: a bare interpreter (isolated, no site: one thread) that runs this file to
#: join the namespaces and exec the real interpreter with the arguments multiprocessing gave.
_WRAPPER = """#!{python} -IS
import sys
sys.argv[1:1] = ["--join", "{pid}", "{kinds}", "--", {python!r}]
sys.argv[0] = __file__ = {this!r}
exec(compile(open(__file__, "rb").read(), __file__, "exec"))
"""


def spawn_executable(network: tuple[int, tuple[str, ...]]) -> str:
    """An executable for multiprocessing's spawn (`multiprocessing.spawn.set_executable`) whose interpreter starts
    in `network`'s namespaces: a script in a folder of this user's alone (0700, made by mkdtemp), so that no other
    account can change what a rank runs. One per network, removed at exit."""
    import atexit
    import shutil
    import tempfile

    pid, kinds = network
    key = (pid, kinds)
    with _LOCK:
        path = _WRAPPERS.get(key)
        if path is None or not os.path.exists(path):
            folder = tempfile.mkdtemp(prefix="private-network-")
            atexit.register(shutil.rmtree, folder, True)
            path = os.path.join(folder, "python")
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o700)
            with os.fdopen(fd, "w") as fh:
                fh.write(_WRAPPER.format(python=sys.executable, pid=pid, kinds=",".join(kinds),
                                         this=os.path.abspath(__file__)))
            _WRAPPERS[key] = path
        return path


#: What a process started in the namespaces (spawn_executable's) joined: "holder-pid kind:inode ...", so that its rank does not
#: join again (it could not: once in the user namespace, without its capabilities, the holder's namespaces are out
#: of reach) while a process elsewhere with the variable set still does.
_JOINED_ENV = "DISTCOURSE_PRIVATE_NETWORK_JOINED"


def _own(kinds) -> str:
    return " ".join(f"{kind}:{os.stat(f'/proc/self/ns/{kind}').st_ino}" for kind in kinds)


def _joined(network: tuple[int, tuple[str, ...]]) -> bool:
    """Whether this process is in `network`'s namespaces already, as its interpreter started there."""
    pid, kinds = network
    return os.environ.get(_JOINED_ENV, "") == f"{pid} {_own(kinds)}"


@contextlib.contextmanager
def spawned_in(network: tuple[int, tuple[str, ...]] | None):
    """Processes multiprocessing spawns meanwhile (torch.multiprocessing.spawn's, a launch's) start in `network`'s
    namespaces (`spawn_executable`); with None, where they would anyway."""
    if network is None:
        yield
        return
    import multiprocessing.spawn

    with _SPAWN_LOCK:
        before = multiprocessing.spawn.get_executable()
        multiprocessing.spawn.set_executable(spawn_executable(network))
        try:
            yield
        finally:
            multiprocessing.spawn.set_executable(before)


def _join_and_exec(argv: list[str]) -> None:
    """`--join PID KINDS -- COMMAND...` (spawn_executable's script): join, then exec COMMAND in the namespaces."""
    if len(argv) < 5 or argv[0] != "--join" or argv[3] != "--":
        raise SystemExit("usage: --join PID KINDS -- COMMAND [ARG...]")
    kinds = tuple(argv[2].split(","))
    join((int(argv[1]), kinds))
    os.environ[_JOINED_ENV] = f"{argv[1]} {_own(kinds)}"
    os.execv(argv[4], argv[4:])


def holder_pid() -> int | None:
    """The holder's pid while it runs (for a test's list of this process's own children)."""
    return _HOLDER.pid if _HOLDER is not None and _HOLDER.poll() is None else None


def command(argv: list[str]) -> list[str]:
    """`argv` made to run in a network namespace of its own: this file run by a bare interpreter (`python -I -S`), which
    enters the namespace and execs `argv` there. Not `python -m helpers.private_network`: importing the package imports
    torch, which starts a thread, and a process of more than one thread cannot enter a user namespace."""
    return [sys.executable, "-I", "-S", os.path.abspath(__file__), *argv]


def run(argv: list[str]) -> None:
    """Run `argv` (exec'd) in a network namespace of its own (see `command`, which builds the command line).

    For a program that starts ranks itself, as `torchrun` does: its rendezvous store (unauthenticated, and on every
    interface) and its ranks' connections are then reachable from its own processes only. Where no namespace can be
    made the command runs on the current network, with a note on stderr (DISTCOURSE_PRIVATE_NETWORK=1: an error).
    """
    if not argv or argv[0] in ("-h", "--help"):
        raise SystemExit(f"usage: python -I -S {os.path.abspath(__file__)} COMMAND [ARG...]\n" + (run.__doc__ or ""))
    wanted = mode()
    if wanted != "off":
        try:
            if not sys.platform.startswith("linux"):
                raise OSError(0, f"no network namespaces on {sys.platform}")
            _create()
            os.environ.setdefault("GLOO_SOCKET_IFNAME", "lo")
            # a store client looks its peer's name up once per process for a log line; with no DNS server in the
            # namespace, c10d prints a warning per process that says nothing about the run
            os.environ.setdefault("TORCH_CPP_LOG_LEVEL", "ERROR")
        except OSError as exc:
            if wanted == "require":
                raise SystemExit(f"{MODE_ENV}=1 but the command cannot have a network of its own: {exc}") from None
            print(f"note: running on the machine's network ({exc})", file=sys.stderr, flush=True)
    try:
        os.execvp(argv[0], argv)
    except OSError as exc:
        raise SystemExit(f"cannot run {argv[0]!r}: {exc.strerror}") from None


if __name__ == "__main__":
    if sys.argv[1:2] == ["--join"]:
        _join_and_exec(sys.argv[1:])
    elif len(sys.argv) > 1:
        run(sys.argv[1:])
    else:
        _hold()
