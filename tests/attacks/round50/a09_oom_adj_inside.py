"""a09: for the fix of a02: what a sandbox may do to OOM scores. Raise/lower its own oom_score_adj, and bwrap's
init's (pid 1, the sandbox's user)."""
from common import *
CODE = r'''
q1 = "b"
import os
for pid in ("self", "1"):
    for v in ("1000", "500", "0", "-1", "-1000"):
        try:
            open(f"/proc/{pid}/oom_score_adj", "w").write(v); got = open(f"/proc/{pid}/oom_score_adj").read().strip()
            print(pid, "write", v, "-> ok, now", got)
        except OSError as e:
            print(pid, "write", v, "->", e.strerror)
'''
c = probe_run("a09", CODE, others=("aaron", "zoe"))
times(c)
