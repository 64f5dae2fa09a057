"""Root pytest configuration: keep each notebook's nbval cells on one xdist worker (one kernel)."""

import pytest


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        path = str(getattr(item, "path", ""))
        if path.endswith(".ipynb"):
            item.add_marker(pytest.mark.xdist_group(path))
