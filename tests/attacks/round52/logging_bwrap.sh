#!/bin/sh
echo "$(date +%s.%N)" >> tests/attacks/round52/a10b.bwrap.log
exec /usr/bin/bwrap "$@"
