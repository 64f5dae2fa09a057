"""What the launcher's fork server imports once, before it forks any rank (see `helpers.launch`).

The server is a fresh interpreter (exec'd, not forked from the caller), so it never initialised
CUDA and never ran a backward, whatever its parent did. Every rank forked from it inherits these
modules instead of importing them again: torch, torch.distributed, DDP and the modules DDP's
constructor and the first backward import lazily (torch._dynamo, torch.fx's symbolic shapes).
Importing this module must not initialise CUDA or start a thread.
"""

import os

if os.environ.get("DISTCOURSE_PRIVATE_FORK_SERVER") == "1":
    # In the grader's observer: the server, exec'd, would be dumpable again, and a rank (same user) could write
    # its memory through /proc and so every later rank's (round 11 rewrote getrandom there to choose the ranks'
    # seeds). Not dumpable, neither it nor the ranks it forks can be opened by another process of the user.
    import ctypes

    if ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0) != 0:  # PR_SET_DUMPABLE
        raise OSError(ctypes.get_errno(), "the fork server could not make itself private (PR_SET_DUMPABLE)")

    def _own_session() -> None:
        # each rank in a session of its own, before anything of the student's is unpickled in it: a write to
        # /proc/self/autogroup (the nice value of a whole session) would otherwise reach the server's session,
        # which is the observer's (round 29)
        try:
            os.setsid()
        except OSError:
            pass

    os.register_at_fork(after_in_child=_own_session)

import cloudpickle  # noqa: F401 - the launched function travels by cloudpickle
import torch  # noqa: F401
import torch.distributed  # noqa: F401
import torch.distributed.distributed_c10d  # noqa: F401
import torch._dynamo  # noqa: F401
import torch.fx.experimental.symbolic_shapes  # noqa: F401
import torch.nn.parallel  # noqa: F401

import helpers.launch  # noqa: F401

# A rank's function and everything it needs travel by cloudpickle (by value when defined in a
# notebook or a script), so a rank need not import the caller's main module again, which Python's
# forkserver children otherwise do before they run (seconds each when that module imports much:
# `python -m tools.bench` did). This server serves helpers.launch only.
import multiprocessing.spawn as _spawn  # noqa: E402

_spawn._fixup_main_from_name = lambda mod_name: None
_spawn._fixup_main_from_path = lambda main_path: None
