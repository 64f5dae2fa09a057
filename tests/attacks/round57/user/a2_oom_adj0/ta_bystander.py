"""Stands for a process of the TA's own outside the grading (a lecture kernel of `make lab` holding a model):
600 MiB, OOM score 0, run as the TA (uid 65534). Reports every 2 s that it is alive."""
import mmap, time
m = mmap.mmap(-1, 600 << 20); m.write(b"\1" * (600 << 20))
while True:
    print(time.strftime("%T"), "TA bystander alive", flush=True); time.sleep(2)
