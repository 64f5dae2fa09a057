"""a07b: a07 with the budget full only after the grader's start-up probe (as when an earlier student's kernel fills
it mid-run): the wrapper answers as bwrap did in a06b once a marker exists; the marker is made 4 s after the run
starts. Three honest students; what does each get, and what does the run say?"""
import os, threading, time
from common import *
W = "tests/attacks/round52/fake_bwrap_full_jit_b.sh"
M = "tests/attacks/round52/jit_full.marker"
if os.path.exists(M): os.unlink(M)
open(W, "w").write(f'#!/bin/sh\necho "$(date +%T.%N) $#" >> tests/attacks/round52/a07b.bwrap.log\nif [ -e {M} ]; then for a in "$@"; do if [ "$a" = "--seccomp" ]; then echo "bwrap: prctl(PR_SET_SECCOMP): Unknown error 524" >&2; exit 1; fi; done; fi\nexec /usr/bin/bwrap "$@"\n')
os.chmod(W, 0o755)
c = make_course("a07b")
for s in ("aaron", "bob", "zoe"): hand_in(c, s, honest())
threading.Timer(4, lambda: open(M, "w").close()).start()
r, dt = grade(c, env_extra={"DISTCOURSE_BWRAP": W})
scores(c); report(c)
print("run exit status:", r.returncode)
os.unlink(M)
