"""a10b (--workers 2, the default on this 2-core machine, five students): which sandboxes start while a hostile kernel runs (and so would fail while it holds the JIT budget full, a06)?
bwrap wrapped to log each start (no failure); mallory's cell sleeps 12 s and prints the host time at both ends."""
import os
from common import *
W = "tests/attacks/round52/logging_bwrap.sh"
LOG = "tests/attacks/round52/a10b.bwrap.log"
open(W, "w").write(f'#!/bin/sh\necho "$(date +%s.%N)" >> {LOG}\nexec /usr/bin/bwrap "$@"\n'); os.chmod(W, 0o755)
if os.path.exists(LOG): os.unlink(LOG)
CODE = 'import time\nprint("HOLD from", time.time(), flush=True)\ntime.sleep(12)\nprint("HOLD to", time.time())'
c = make_course("a10b")
for st in ("aaron", "bob"): hand_in(c, st, honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": CODE}))
for st in ("zoe", "zz_zoe2"): hand_in(c, st, honest())
env = dict(os.environ); env.update(ENV_CANARY); env["DISTCOURSE_BWRAP"] = W
r = subprocess.run([PY, "-m", "grader.grade", "--course-dir", c, "--workers", "2", "ps1_memory"], cwd=CLONE, env=env, capture_output=True, text=True)
print("grade rc", r.returncode); scores(c); times(c)
import re
out = open(f"{c}/autograded/mallory/ps1_memory/ps1_memory.ipynb").read()
a = float(re.search(r"HOLD from ([0-9.]+)", out)[1]); b = float(re.search(r"HOLD to ([0-9.]+)", out)[1])
starts = [float(x) for x in open(LOG).read().split()]
inside = [round(s - a, 2) for s in starts if a <= s <= b]
print(f"bwrap starts in all: {len(starts)}; during mallory's 12-s hold: {len(inside)} (seconds into it: {inside})")
