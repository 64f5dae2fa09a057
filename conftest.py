"""Root pytest configuration: keep each notebook's nbval cells on one xdist worker (one kernel)."""

import os

import pytest

# Source notebooks under nbval, and the tests, judge each probe's report in the kernel that made it,
# so a wrong solution fails where it runs (probes.report; the grader sets "grader" for its kernels).
os.environ.setdefault("DISTCOURSE_JUDGE", "kernel")


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        path = str(getattr(item, "path", ""))
        if path.endswith(".ipynb"):
            item.add_marker(pytest.mark.xdist_group(path))
