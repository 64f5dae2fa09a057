"""a04's control: N plain CPU spinners for SECONDS."""
import os, time, sys
n = int(sys.argv[1]); dur = float(sys.argv[2])
for i in range(n):
    if os.fork() == 0:
        end = time.time() + dur
        while time.time() < end: pass
        os._exit(0)
for i in range(n): os.wait()
