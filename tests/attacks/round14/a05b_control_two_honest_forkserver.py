"""a05b: the control of a05. Same settings (DISTCOURSE_START_METHOD=forkserver, --workers 2), two honest ps2
solutions side by side and no hog: do they keep full marks? If so, a05's zeros come from the hog alone."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common14  # noqa: E402
from common14 import course, show, notebook, cleanup, PY, ROOT, CANARY_ENV  # noqa: E402
import subprocess, time  # noqa: E402

sys.path.insert(0, ROOT)
from tools.submissions import fill, source_and_release  # noqa: E402

HOG = r'''
import socket as _s, array as _a, time as _t
_hog_a, _hog_b = _s.socketpair()
_n = 0
try:
    while True:
        _hog_a.sendmsg([b"x"], [(_s.SOL_SOCKET, _s.SCM_RIGHTS, _a.array("i", [_hog_a.fileno()] * 250))]); _n += 250
except OSError as _e:
    print(f"A14 hog: {_n} descriptors in flight, then {_e}", flush=True)
'''
SLEEP = "import time; time.sleep(25)\n"


def mutate(nb):
    for c in nb.cells:
        gid = c.metadata.get("nbgrader", {}).get("grade_id")
        if gid == "average_gradients":
            c.source = HOG + "\ndef average_gradients(model):\n    pass\n"
        elif gid in ("quiz_q1", "quiz_q2", "quiz_q3", "quiz_q4"):
            c.source = SLEEP + f"{gid[-2:]} = 'a'\n"


def run(dest, workers):
    env = {**os.environ, **CANARY_ENV, "DISTCOURSE_START_METHOD": "forkserver"}
    cmd = [PY, "-m", "tools.grade", "--course-dir", dest, "--workers", str(workers)]
    print("$ DISTCOURSE_START_METHOD=forkserver", " ".join(c.replace(ROOT, "<clone>") for c in cmd))
    t = time.time()
    p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    print(f"grade rc={p.returncode} in {time.time() - t:.0f}s")
    print(p.stdout[-2500:].replace(ROOT, "<clone>"), p.stderr[-1500:].replace(ROOT, "<clone>"))


s, r = source_and_release("ps2_ddp")
print("=== control: two honest ps2 side by side (--workers 2), fork server asked for")
dest = course("/tmp/attack14-a05b", {"alice_honest": fill(r, s, {}), "bob_honest": fill(r, s, {})}, "ps2_ddp")
run(dest, 2)
show(dest)
cleanup(dest)
print("cleaned up")
