"""a07: the grader's log past the 64 kB a kernel may write there. What the kernel writes on stdout/stderr reaches
the submission's nbgrader.log labelled and capped at 64 kB (round 2's fix: the log had taken 512 MiB of the grader's
disk). But nbclient, in the grading process, logs "[AutogradeApp | ERROR] unhandled iopub msg: <msg_type>" for every
IOPub message of a type it does not know, with the type verbatim, and the kernel (it holds its session key) may sign
as many such messages as it likes. The cell sends MESSAGES messages whose msg_type is 1 MiB long, then ends normally
(a07: 1536, a07b: 4096; a07c: `a07_... 5120 thread`, a thread sending 40 of them every 0.5 s, the cell
waiting for it (at most 100 s of its 120 s), to see the rate the grader keeps up with).
As root, outside the grading, a watcher follows the size of this submission's own log file (on the host's disk, in
the grader's private /tmp/grade-kernel-* folder) and the host's free disk. Honest ps1 after it."""
import os, sys, json, glob, threading, time, shutil
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
MESSAGES = int(sys.argv[1]) if len(sys.argv) > 1 else 1536
THREAD = len(sys.argv) > 2 and sys.argv[2] == "thread"   # a07c: a background thread, throttled, through every later cell
CELL_THREAD = r'''
import threading, time
def _flood(total=%d):
    _k = get_ipython().kernel
    _name = "x" * (1 << 20)
    sent = 0
    while sent < total:
        for _ in range(40):
            _k.session.send(_k.iopub_socket, _name, {}, parent=_k.get_parent("shell"))
        sent += 40
        time.sleep(0.5)
_th = threading.Thread(target=_flood, daemon=True); _t0 = time.time(); _th.start()
_th.join(100)   # the cell waits for it, within the per-cell limit (120 s); a student has ~10 such cells
print("flood thread done in %%.0f s" %% (time.time() - _t0))
''' % MESSAGES
CELL = r'''
import time
_k = get_ipython().kernel
_t = time.time()
_name = "x" * (1 << 20)
for _i in range(%d):
    _k.session.send(_k.iopub_socket, _name, {}, parent=_k.get_parent("shell"))
print("sent %d messages of a 1 MiB msg_type in %%.1f s" %% (time.time() - _t))
''' % (MESSAGES, MESSAGES)
dest = u14.course("a07", {("mallory", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": CELL_THREAD if THREAD else CELL}),
                          ("zz_honest", "ps1_memory"): u14.honest("ps1_memory")})
stop, mine, peak = [], set(), {"log": 0, "disk_drop": 0}
free0 = shutil.disk_usage("/tmp").free
def watch():
    while not stop:
        for f in glob.glob("/tmp/grade-kernel-*/nbgrader.log"):
            try:
                if f not in mine:
                    with open(f, "rb") as fh:
                        if dest.encode() in fh.read(65536):  # this run's own log only (the machine is shared)
                            mine.add(f)
                if f in mine:
                    peak["log"] = max(peak["log"], os.stat(f).st_size)
            except OSError:
                pass
        peak["disk_drop"] = max(peak["disk_drop"], free0 - shutil.disk_usage("/tmp").free)
        time.sleep(0.2)
th = threading.Thread(target=watch); th.start()
p = u14.grade(dest)
stop.append(1); th.join()
u14.scores(dest)
u14.cell_outputs(dest, "mallory", "ps1_memory", ("training_memory",))
print(open(f"{dest}/grading_report.json").read())
print(f"largest size of mallory's nbgrader.log seen: {peak['log'] / 2**20:,.1f} MiB (the kernel's own output is capped at 64 kB); "
      f"largest drop of the host's free disk during the run: {peak['disk_drop'] / 2**20:,.0f} MiB (shared machine: approximate)")
print("logs followed:", len(mine), "left after the run:", [f for f in mine if os.path.exists(f)])
u14.cleanup(dest)
