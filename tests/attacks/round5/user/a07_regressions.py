"""a07 (ORDINARY USER): earlier rounds' fixes, re-tested as the ordinary user in one class.
- "peek": round 4's frame peek at the probe's drawn cases (bad-input cells of ps1) - fixed: no validity flag kept.
- "rtnproc": writes into JUPYTER_RUNTIME_DIR (sealed read-only), then forks to the per-user process cap and leaves
  the processes sleeping (round 3: an honest student graded beside it lost points; now one at a time).
- "amp4": round 4's report amplifier (quiz answer [[]] * 5,000,000) - fixed: reports capped before loading.
- "honest" graded last: must keep 24/24.
"""
from u import *
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "round4"))
from a01_frame_peek_drawn_cases import peek

RT = r'''
import os, time
def _rt():
    out = []
    rd = os.environ.get("JUPYTER_RUNTIME_DIR")
    try:
        open(os.path.join(rd, "x"), "w").write("x"); out.append("runtime write OK")
    except OSError as e:
        out.append(f"runtime write refused ({e.strerror})")
    n = 0
    try:
        while True:
            pid = os.fork()
            if pid == 0:
                time.sleep(3600); os._exit(0)
            n += 1
    except OSError as e:
        out.append(f"forked {n} then {e.strerror}")
    return "; ".join(out)
print("KERNEL", _rt())
'''
rtnproc = notebook(append={"training_memory": RT})
amp4 = notebook(overrides={"quiz_q1": "_e = []\nq1 = [_e] * 5_000_000\n"})

if __name__ == "__main__":
    dest, p = ugrade("07", {"amp4": amp4, "peek": peek, "rtnproc": rtnproc, "zhonest": honest_nb()})
    outputs(dest, "rtnproc")

# RESULT (ORDINARY USER, 109 s): all HELD. amp4 0/30 (65 s), peek 0/30, rtnproc 0/30 ("runtime write refused
# (Read-only file system); forked 238 then Resource temporarily unavailable"), zhonest (graded after all three)
# 24/24 (+6 by hand).
