"""One private network per launch: every rank of a `helpers.launch` in a network namespace of its own.

Why: the ranks rendezvous on a TCPStore and exchange tensors over gloo's TCP connections, all on
loopback. On the host's loopback any local account can connect to those ports: the store has no
authentication (a stranger lists, reads and overwrites its keys) and a gloo listener pairs with
whoever connects first, so another user of a shared machine could read or change what a TA's own
run (`make test`, `make nbval`, `make lab`) sends between its ranks. In a namespace of its own the
launch's loopback is reachable from its ranks only.

How: rank 0, straight after it started and still single-threaded, enters a new network namespace:
with CAP_SYS_ADMIN (root on a host) CLONE_NEWNET alone; otherwise first a user namespace that maps
the user and group to themselves (ids, file ownership and permissions look and work the same), then
the network one. It brings that namespace's loopback up and publishes its pid in the launch's private
folder (0700, the caller's). Every other rank joins rank 0's namespaces (setns) before it touches the
network. Ranks set GLOO_SOCKET_IFNAME=lo (unless the caller set it), so gloo never binds the address
the host name resolves to, which a private namespace does not have and which, on the host's network,
other machines could reach.

Where no namespace can be made (macOS; a container that forbids them; the grader's sandbox, whose
network is private to one kernel already; ranks an ordinary user starts by "spawn", which import torch
and so run a thread before they can enter a user namespace; `DISTCOURSE_PRIVATE_NETWORK=0`), rank 0
publishes "shared" and every rank stays on the network it has. `DISTCOURSE_PRIVATE_NETWORK=1` makes that an error
instead, for a TA who wants the guarantee or nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import socket
import struct
import sys
import time

__all__ = ["enter", "mode", "MODE_ENV", "PrivateNetworkError"]

MODE_ENV = "DISTCOURSE_PRIVATE_NETWORK"
_CLONE_NEWUSER, _CLONE_NEWNET = 0x10000000, 0x40000000
_SIOCGIFFLAGS, _SIOCSIFFLAGS, _IFF_UP = 0x8913, 0x8914, 0x1
_SHARED = "shared"


class PrivateNetworkError(RuntimeError):
    """DISTCOURSE_PRIVATE_NETWORK=1 and this machine cannot give the launch a network of its own."""


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
    """Enter a new network namespace (and a user namespace first where needed); the kinds entered.

    An OSError means nothing that matters changed: the process is still on the network it had (at
    worst in a user namespace of its own that maps it to itself).
    """
    libc = _libc()
    if libc.unshare(_CLONE_NEWNET) == 0:
        kinds = ["net"]
    else:
        uid, gid = os.geteuid(), os.getegid()
        if libc.unshare(_CLONE_NEWUSER) != 0:
            err = ctypes.get_errno()
            why = os.strerror(err)
            if err == errno.EINVAL and len(os.listdir("/proc/self/task")) > 1:
                why = ("a user namespace takes single-threaded processes only, and this rank runs threads already "
                       "(a spawned rank imported torch, which starts one): start ranks by fork or the fork server")
            raise OSError(err, f"unshare(CLONE_NEWUSER): {why}")
        _write("/proc/self/setgroups", "deny")
        _write("/proc/self/uid_map", f"{uid} {uid} 1")
        _write("/proc/self/gid_map", f"{gid} {gid} 1")
        if libc.unshare(_CLONE_NEWNET) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"unshare(CLONE_NEWNET) in a user namespace: {os.strerror(err)}")
        kinds = ["user", "net"]
    try:
        _loopback_up()
    except OSError as exc:
        # Without a loopback this namespace has no network at all, and a network namespace cannot be left.
        raise PrivateNetworkError(f"a private network was made but its loopback would not come up ({exc}); "
                                  f"set {MODE_ENV}=0 to launch on the machine's network") from exc
    return kinds


def _join(pid: int, kinds: list[str]) -> None:
    libc = _libc()
    flags = {"user": _CLONE_NEWUSER, "net": _CLONE_NEWNET}
    fds = [os.open(f"/proc/{pid}/ns/{kind}", os.O_RDONLY | os.O_CLOEXEC) for kind in kinds]
    try:
        for kind, fd in zip(kinds, fds):
            if libc.setns(fd, flags[kind]) != 0:
                err = ctypes.get_errno()
                raise OSError(err, f"setns({kind}) into rank 0's private network: {os.strerror(err)}")
    finally:
        for fd in fds:
            os.close(fd)


def _publish(path: str, text: str) -> None:
    with open(path + ".tmp", "w") as fh:
        fh.write(text)
    os.replace(path + ".tmp", path)  # atomic: a peer never reads half of it


def enter(rank: int, world_size: int, workdir: str, mode: str, deadline: float) -> str:
    """Put this rank on the launch's network; "private" or "shared" (see the module's doc).

    Call it first thing in a rank, before any thread starts (a user namespace admits single-threaded
    processes only) and before any socket is made. Rank 0 decides (`mode`, from `mode()` in the
    caller); the others follow it, and wait for it until `deadline` (time.monotonic()). Rank 0 then
    waits until every other rank has joined: a namespace lives only as long as a process in it, and
    rank 0 of a launch without a process group may otherwise be gone before a slow peer joins.
    """
    path = os.path.join(workdir, "network")
    if rank == 0:
        kinds: list[str] = []
        reason = "turned off"
        if mode != "off":
            if not sys.platform.startswith("linux"):
                reason = f"no network namespaces on {sys.platform}"
            else:
                try:
                    kinds = _create()
                except OSError as exc:
                    reason = str(exc)
        if not kinds and mode == "require":
            _publish(path, "failed")
            raise PrivateNetworkError(f"{MODE_ENV}=1 but this launch cannot have a network of its own: {reason}")
        _publish(path, f"{os.getpid()} {' '.join(kinds)}" if kinds else _SHARED)
        if kinds:
            pending = set(range(1, world_size))
            while pending:
                pending = {r for r in pending if not os.path.exists(f"{path}.{r}")}
                if pending and time.monotonic() > deadline:
                    raise TimeoutError(f"rank(s) {sorted(pending)} never joined the launch's private network")
                if pending:
                    time.sleep(0.001)
    else:
        while not os.path.exists(path):
            if time.monotonic() > deadline:
                raise TimeoutError("rank 0 never said which network the launch uses")
            time.sleep(0.001)
        with open(path) as fh:
            words = fh.read().split()
        if words == ["failed"]:
            raise PrivateNetworkError(f"rank 0 could not make the launch's private network ({MODE_ENV}=1)")
        if words != [_SHARED]:
            _join(int(words[0]), words[1:])
            kinds = words[1:]
            _publish(f"{path}.{rank}", "joined")
        else:
            kinds = []
    if sys.platform.startswith("linux"):
        os.environ.setdefault("GLOO_SOCKET_IFNAME", "lo")
    return "private" if kinds else _SHARED
