#!/bin/bash
# The TA (uid 65534): make test's pytest line, on the browser test that runs lecture 02 in JupyterLab (where chromium
# and Playwright are installed, make test runs the lectures this way instead of nbval: conftest.py).
cd CLONE
exec setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=NOTES/home \
  DATABASE_URL=postgresql://ta:hunter2@localhost/x TA_SECRET=hunter2-TA-SECRET \
  bash -c 'umask 022; tmp=$(mktemp -d) && trap "rm -rf $tmp" EXIT && TMPDIR="$tmp" .venv/bin/python -m pytest -p no:cacheprovider -n 2 --dist loadgroup --nbval-lax --nbval-cell-timeout=300 --sanitize-with tests/sanitize.cfg tests/test_browser.py -k "lecture_plots_render and 02" 2>&1 | tail -15'
