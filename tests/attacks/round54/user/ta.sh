#!/bin/sh
# Run a command as the TA (uid 65534) with secrets in its environment.
exec setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=NOTES/home USER=nobody LOGNAME=nobody \
  DATABASE_URL=postgresql://ta:hunter2@localhost/x AWS_SECRET_ACCESS_KEY=TA-SECRET-hunter2-aws "$@"
