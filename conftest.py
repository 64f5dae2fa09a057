"""Root pytest configuration: keep each notebook's nbval cells on one xdist worker (one kernel)."""

import os

import pytest

# Source notebooks under nbval, and the tests, judge each probe's report in the kernel that made it,
# so a wrong solution fails where it runs (probes.report; the grader sets "grader" for its kernels).
os.environ.setdefault("DISTCOURSE_JUDGE", "kernel")


def pytest_configure(config):
    """Test this checkout: every process the suite starts (kernels, ranks, graders) imports helpers/, probes/,
    autograders/ and grader/ from here, even with a venv whose editable install points at another clone."""
    from grader import private_kernels
    from grader.course import use_this_checkout

    try:
        use_this_checkout()
    except SystemExit as exc:
        pytest.exit(str(exc), returncode=4)
    # nbval's kernels (the lectures, source/ under `make nbval`) and the tests' own on sockets in a folder of this
    # process's, never on localhost TCP, where any local user reads what a kernel publishes (round 51)
    private_kernels.install()


LECTURES_IN_THE_BROWSER = "tests/test_browser.py::test_lecture_plots_render"


def _run_by_the_browser_test(items) -> list:
    """The lectures' nbval items, where this session also runs every lecture in JupyterLab.

    `test_lecture_plots_render` runs each lecture top to bottom in a real JupyterLab and fails on any
    error output (what nbval-lax checks: no lecture cell compares its output), so the same lecture under
    nbval as well would run it twice. Where the browser cannot run (no chromium, outside CI: those tests
    skip), nbval runs the lectures."""
    from tests import browser

    lectures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "notebooks")
    in_browser = {os.path.basename(item.callspec.params["notebook"]) for item in items
                  if item.nodeid.startswith(LECTURES_IN_THE_BROWSER) and hasattr(item, "callspec")}
    if not in_browser or browser.missing_browser_reason() is not None:
        return []
    return [item for item in items if str(getattr(item, "path", "")).endswith(".ipynb")
            and os.path.dirname(str(item.path)) == lectures and os.path.basename(str(item.path)) in in_browser]


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    twice = _run_by_the_browser_test(items)
    if twice:
        dropped = set(map(id, twice))
        items[:] = [item for item in items if id(item) not in dropped]
        config.hook.pytest_deselected(items=twice)
    for item in items:
        path = str(getattr(item, "path", ""))
        if path.endswith(".ipynb"):
            item.add_marker(pytest.mark.xdist_group(path))
