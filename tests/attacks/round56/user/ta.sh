#!/bin/bash
# run a command as the TA (uid 65534) with a secret in its environment
cd CLONE
exec setpriv --reuid=65534 --regid=65534 --clear-groups env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=NOTES/home LANG=C.UTF-8 AWS_SECRET_ACCESS_KEY=hunter2-TA-ENV-CANARY "$@"
