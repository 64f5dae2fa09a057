#!/bin/bash
# The TA (uid 65534) runs `make test`'s pytest line on the PostgreSQL test (part of `make test`), secrets in her env.
cd CLONE
exec setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=NOTES/home \
  DATABASE_URL=postgresql://ta:hunter2@localhost/x TA_SECRET=hunter2-TA-SECRET \
  bash -c 'umask 022; tmp=$(mktemp -d) && trap "rm -rf $tmp" EXIT && TMPDIR="$tmp" time .venv/bin/python -m pytest -p no:cacheprovider -n 2 --dist loadgroup --nbval-lax --nbval-cell-timeout=300 --sanitize-with tests/sanitize.cfg --durations=5 tests/test_grade_postgres.py 2>&1 | tail -30'
