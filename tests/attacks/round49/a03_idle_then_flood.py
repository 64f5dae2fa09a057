"""a03: admission lets 2 x workers submissions run at once when the running one is idle (grader.admission: limit
2*workers as root). mallory sleeps 4 s in her quiz cell (idle: zoe, after her, is admitted beside her), then
(1) 60 spinner processes in her sandbox for 100 s and (2) a stream-output flood that her own nbgrader child (outside
the sandbox's CPU share, in the grader's cgroup, which zoe's nbgrader child shares) must decode and append, up to
its caps. Measures zoe's grading seconds and score against the control run (a00: zoe 2-4 s)."""
from common import *
PROBE = r'''
q1 = "b"
import os, sys, time
time.sleep(4)
for i in range(60):
    if os.fork() == 0:
        t = time.time()
        while time.time() - t < 100: pass
        os._exit(0)
t = time.time(); n = 0
line = "y" * 32000 + "\n"
while time.time() - t < 100:
    sys.stdout.write(line); sys.stdout.flush(); n += 1
print("flooded", n)
'''
c = make_course("a03")
hand_in(c, "aaron", honest())
hand_in(c, "mallory", honest(overrides={"quiz_q1": PROBE}))
hand_in(c, "zoe", honest())
hand_in(c, "zz_zoe2", honest())
r, dt = grade(c, timeout=900)
print(open(c + "/grades.csv").read())
report(c)
