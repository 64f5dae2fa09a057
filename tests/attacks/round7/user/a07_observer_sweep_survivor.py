"""a07: a process left behind by the student's code in the observer survives `probes.observer._sweep` into the
next hidden check ("every process a call left behind is killed before the next call").  training_memory (first
hidden check, run in a child of the observer) starts a fork-racer: a chain in which each generation forks its
successor and exits at once.  Try 1: a chain of forks of the observer itself (comm r7racer): it was swept (forking a
process that holds torch takes ms).  Try 2: a /bin/sh chain (dash, ~100 us a generation, 400,000 generations).  The sweep lists
the observer's descendants, kills them, waits 2 s, three rounds: each round kills a pid that has already moved on.
per_device_memory (next cell's check, another child) looks for r7racer in the observer sandbox's /proc and raises
a ValueError naming what it found, which the cell shows."""
from u7 import *
TRAIN = r'''
def training_memory(model, optimizer):
    import os, time, ctypes
    import sys
    obs = sys.modules.get('probes.observer')
    if obs is not None and obs.ACTIVE and not os.path.exists('/tmp/r7-racer-started'):  # only in the observer
        open('/tmp/r7-racer-started', 'w').close()
        if os.fork() == 0:
            os.setsid()
            # a dash chain: each generation forks the next and exits (~100 us each, not a fork of the big observer)
            os.execv('/bin/sh', ['sh', '-c', 'r(){ n=$((n+1)); [ $n -gt 400000 ] && exit 0; r & exit 0; }; n=0; r'])
    return 0
'''
PDM = r'''
def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    import os
    seen = []
    for p in os.listdir('/proc'):
        if p.isdigit():
            try:
                if open(f'/proc/{p}/comm').read().strip() == 'sh':
                    seen.append(p)
            except OSError:
                pass
    raise ValueError(f"R7 survivors in the observer's sandbox: {seen}; started marker: {os.path.exists('/tmp/r7-racer-started')}")
'''
nb = notebook(overrides={"training_memory": TRAIN, "per_device_memory": PDM})
final, p = ugrade("a07", {"racer": nb})
outputs(final, "racer")
# RESULT (held): both racers were gone by the next check: per_device_memory, in the observer's next child, saw no
# survivor ([]) in the observer's sandbox (the marker file in its /tmp shows the racer had been started).
