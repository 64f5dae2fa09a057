"""Shared code of the course: the multi-process launcher, memory tools and plots.

Notebooks, assignments and graders import this one package (`import helpers`), installed in
editable mode by the project file; nothing here knows any exercise's solution.
"""

from helpers.launch import (
    DevicePlan,
    LaunchError,
    LaunchTimeout,
    RankError,
    ddp_device_ids,
    device_plan,
    drawn_seed,
    launch,
    parse_bytes,
    rank_device,
    rebase_memory_budget,
    resolve_backend,
    start_fork_server_early,
)
from helpers.launch import _start_fork_server_at_import

__all__ = [
    "launch", "LaunchError", "RankError", "LaunchTimeout", "rank_device", "resolve_backend", "device_plan",
    "DevicePlan", "ddp_device_ids", "parse_bytes", "start_fork_server_early", "rebase_memory_budget",
    "drawn_seed",
]

_start_fork_server_at_import()
