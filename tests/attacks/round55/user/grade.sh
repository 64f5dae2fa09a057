#!/bin/bash
# run make grade as the TA (uid 65534) with a secret in the environment; log to notes/$1.grade.log
cd CLONE
tag=${1:-run}
shift
date > NOTES/$tag.grade.log
setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=NOTES/home \
  DATABASE_URL=postgresql://ta:hunter2@localhost/x TA_SECRET=hunter2-TA-SECRET "$@" \
  bash -c 'umask 022; time make grade' >> NOTES/$tag.grade.log 2>&1
echo "rc=$?" >> NOTES/$tag.grade.log
date >> NOTES/$tag.grade.log
