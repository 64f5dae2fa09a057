"""a08 found /proc/1/mem (bwrap's init) and /proc/2/mem (the placeholder) open for writing from the kernel and from a
check's child (no Yama here, same uid, dumpable). Is bwrap's init under the seccomp filter at all? /proc/<pid>/status
(Seccomp, NoNewPrivs, CapEff) and /proc/<pid>/syscall (where it waits) of every process of mallory's sandbox."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
PROBE = r'''
import os
for _p in sorted(int(x) for x in os.listdir("/proc") if x.isdigit()):
    try:
        _st = dict(l.split(":", 1) for l in open(f"/proc/{_p}/status").read().splitlines() if ":" in l)
        try: _sc = open(f"/proc/{_p}/syscall").read().strip()
        except Exception as e: _sc = type(e).__name__
        print("STATUS", _p, {k: _st.get(k, "").strip() for k in ("Name", "Seccomp", "Seccomp_filters", "NoNewPrivs", "CapEff", "Uid")}, "syscall:", _sc)
    except Exception as e:
        print("STATUS", _p, type(e).__name__)
'''
d, r, sc = harness.run_class("a09", "ps1_memory", {"mallory": {"training_memory": PROBE + "\n" + harness.sol("ps1_memory", "training_memory")}})
for l in harness.outputs(d, "mallory", "ps1_memory").splitlines():
    if l.startswith("STATUS"): print(l)
