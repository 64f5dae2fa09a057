"""a07: what the grader records for an honest student whose sandbox cannot start because the host's BPF JIT budget is
full (a06b's bwrap message), simulated without touching the host: DISTCOURSE_BWRAP points at a wrapper that
answers as bwrap did in a06b (exit 1, "bwrap: prctl(PR_SET_SECCOMP): Unknown error 524") when it is asked for
--seccomp, for zoe's run only."""
import os, stat
from common import *
W = "tests/attacks/round52/fake_bwrap_full_jit.sh"
open(W, "w").write('#!/bin/sh\nfor a in "$@"; do if [ "$a" = "--seccomp" ]; then echo "bwrap: prctl(PR_SET_SECCOMP): Unknown error 524" >&2; exit 1; fi; done\nexec /usr/bin/bwrap "$@"\n')
os.chmod(W, 0o755)
c = make_course("a07")
hand_in(c, "aaron", honest())
grade(c)
hand_in(c, "zoe", honest())
r, dt = grade(c, env_extra={"DISTCOURSE_BWRAP": W})
scores(c); report(c)
print("exit status of the run with the full budget:", r.returncode)
