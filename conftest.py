"""Root pytest configuration: keep each notebook's nbval cells on one xdist worker (one kernel)."""

import os

import pytest

# Source notebooks under nbval, and the tests, judge each probe's report in the kernel that made it,
# so a wrong solution fails where it runs (probes.report; the grader sets "grader" for its kernels).
os.environ.setdefault("DISTCOURSE_JUDGE", "kernel")


def pytest_configure(config):
    """Test this checkout: every process the suite starts (kernels, ranks, graders) imports helpers/, probes/
    and autograders/ from here, even with a venv whose editable install points at another clone."""
    from tools.course import use_this_checkout

    try:
        use_this_checkout()
    except SystemExit as exc:
        pytest.exit(str(exc), returncode=4)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        path = str(getattr(item, "path", ""))
        if path.endswith(".ipynb"):
            item.add_marker(pytest.mark.xdist_group(path))
