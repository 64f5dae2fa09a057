"""Kernels the TA's own tools start talk over unix sockets in a folder of the TA's alone, never on localhost TCP.

jupyter_client's default transport is TCP on 127.0.0.1. Its HMAC key guards what a kernel accepts, not what it
publishes: any local process may connect a SUB socket to a kernel's IOPub port and read every message, and
`/proc/net/tcp`, readable by every user, names each listening port's owner. Round 51, as a student with an account
on the grading machine: subscribed to the ports of the TA's uid, she read the code and output of every cell the TA
ran in `make lab` (the quiz key read from `source/`) and, polling for new ports, all 25 cells of a `make nbval` run
of a solution notebook (every solution, every hidden test, every quiz answer).

`install()` makes IPC the default transport of every KernelManager this process makes (nbval's, nbclient's), and
puts a kernel's sockets in a folder made for this process, mode 0700, unless the caller named a folder itself (the
grader names each kernel's private folder; its sandboxed kernels have a network namespace of their own). A kernel's
default IPC address is a path beside its connection file, or `kernel-ipc` in the working folder when it has none:
the first can pass the 107 bytes a socket's path may hold (JupyterLab's runtime folder under a long home), the second
is wherever the TA happens to be (`/tmp`). The venv's Jupyter configuration (`jupyter_config.py`, read by every Jupyter
application: `make lab`'s server, nbconvert, nbgrader) loads it too, and the venv's nbgrader configuration (`make venv`).

Left: ipykernel binds one more socket, on 127.0.0.1 TCP, for output from processes the kernel forks (its
IOPubThread's pipe). It drops every message that does not begin with a random key, so nothing is read or injected
through it; a local user can make the kernel read large frames into memory (any local user can use memory anyway).
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil

_FOLDER: str | None = None
_COUNT = itertools.count()


def folder() -> str:
    """This process's folder of kernel sockets (0700), made on first use and removed at exit."""
    global _FOLDER
    if _FOLDER is None or not os.path.isdir(_FOLDER):
        from grader.course import socket_folder

        _FOLDER = socket_folder("kernels-")
        atexit.register(shutil.rmtree, _FOLDER, True)
    return _FOLDER


def _defaulted(km) -> bool:
    """Whether `km`'s IPC address is jupyter_client's default (relative, or beside its connection file)."""
    ip = km.ip
    if not os.path.isabs(ip):
        return True
    return bool(km.connection_file) and ip == os.path.splitext(km.connection_file)[0] + "-ipc"


def install() -> None:
    """IPC, in this process's private folder, for every kernel started from here on without a folder of its own."""
    from jupyter_client.manager import KernelManager

    if getattr(KernelManager, "_distcourse_private", False):
        return
    KernelManager.transport.default_value = "ipc"
    original = KernelManager._async_pre_start_kernel

    async def pre_start_kernel(self, **kw):
        if self.transport == "ipc" and _defaulted(self):
            self.ip = os.path.join(folder(), f"k{os.getpid()}-{next(_COUNT)}")
        return await original(self, **kw)

    KernelManager._async_pre_start_kernel = pre_start_kernel
    KernelManager._distcourse_private = True
