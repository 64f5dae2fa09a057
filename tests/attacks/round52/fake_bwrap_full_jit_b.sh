#!/bin/sh
echo "$(date +%T.%N) $#" >> tests/attacks/round52/a07b.bwrap.log
if [ -e tests/attacks/round52/jit_full.marker ]; then for a in "$@"; do if [ "$a" = "--seccomp" ]; then echo "bwrap: prctl(PR_SET_SECCOMP): Unknown error 524" >&2; exit 1; fi; done; fi
exec /usr/bin/bwrap "$@"
