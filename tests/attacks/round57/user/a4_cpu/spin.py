"""Run as the student's host account (uid 65000): N processes that only spin (no memory), while the TA grades.
Here inside a cpu cgroup of one CPU's quota shared with the TA's `make grade`, standing for a loaded 1-CPU host."""
import os, sys, time
n = int(sys.argv[1]); secs = float(sys.argv[2])
for _ in range(n):
    if os.fork() == 0:
        end = time.time() + secs
        while time.time() < end:
            pass
        os._exit(0)
for _ in range(n):
    os.wait()
