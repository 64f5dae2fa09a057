"""Root pytest configuration: keep each notebook's nbval cells on one xdist worker (one kernel)."""

import os

import pytest

# Source notebooks under nbval, and the tests, judge each probe's report in the kernel that made it,
# so a wrong solution fails where it runs (probes.report; the grader sets "grader" for its kernels).
os.environ.setdefault("DISTCOURSE_JUDGE", "kernel")


def pytest_configure(config):
    """Refuse to test another copy of the course: a venv whose editable install points at another clone
    would run that clone's helpers/ and probes/ in every kernel and rank (tools.course)."""
    if not hasattr(config, "workerinput"):  # once, in the controller
        from tools.course import foreign_packages, require_this_checkout

        if foreign_packages():
            try:
                require_this_checkout()
            except SystemExit as exc:
                pytest.exit(str(exc), returncode=4)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        path = str(getattr(item, "path", ""))
        if path.endswith(".ipynb"):
            item.add_marker(pytest.mark.xdist_group(path))
