#!/bin/bash
# The TA (uid 65534) runs make nbval's command on the DDP lecture, with secrets in her environment.
cd CLONE
exec setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=NOTES/home \
  DATABASE_URL=postgresql://ta:hunter2@localhost/x TA_SECRET=hunter2-TA-SECRET \
  bash -c 'umask 022; tmp=$(mktemp -d) && trap "rm -rf $tmp" EXIT && TMPDIR="$tmp" .venv/bin/python -m pytest -p no:cacheprovider --nbval-lax --sanitize-with tests/sanitize.cfg --nbval-cell-timeout=300 notebooks/02_ddp.ipynb 2>&1 | tail -40'
