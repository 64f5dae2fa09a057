"""a02b (recon for a02): what follows the kernel's own lines in the submission's nbgrader.log when it fails. As root
(outside the grading), a watcher copies every /tmp/grade-kernel-*/nbgrader.log while the grading runs. The kernel
writes a forged line after \r on its stderr, sends a signed IOPub message of an unknown type (nbclient logs
"unhandled iopub msg: <type>" as an ERROR line, unlabelled), then fails (invalid signature)."""
import os, sys, json, glob, shutil, threading, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
HOW = sys.argv[1] if len(sys.argv) > 1 else "sig"
CELL = r'''
import os, time
os.write(2, b"nothing to see\rForged_line_from_stderrError: x\n")
_k = get_ipython().kernel
_s = _k.session
_s.send(_k.iopub_socket, "Forged_msg_typeError_regrade_UNSANDBOXED\n[AutogradeApp | ERROR] a forged line of the grader's", {"x": 1}, parent=_k.get_parent("shell"))
time.sleep(1)
if %r == "sig":
    _k.iopub_socket.send_multipart([b"<IDS|MSG>", b"0" * 64, b"{}", b"{}", b"{}", b"{}"])
elif %r == "invalid":   # a04's output, to see the lines it leaves in the log
    _s.send(_k.iopub_socket, "display_data", {"data": {"text/plain": {"Student_chosen_wordError": 1}}, "metadata": {}}, parent=_k.get_parent("shell"))
time.sleep(3)
''' % (HOW, HOW)
dest = u14.course("a02b" + HOW, {("mallory", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": CELL})})
stop, logs = [], {}
def watch():
    while not stop:
        for f in glob.glob("/tmp/grade-kernel-*/nbgrader.log"):
            try: logs[f] = open(f, "rb").read()
            except OSError: pass
        time.sleep(0.05)
th = threading.Thread(target=watch); th.start()
p = u14.grade(dest)
stop.append(1); th.join()
for f, b in logs.items():
    if dest.encode() not in b:  # only this run's own submission (the machine is shared)
        continue
    t = b.decode("utf-8", "replace")
    print("LOG", f, len(b), "bytes; all lines (as the grader splits them):")
    for line in t.splitlines()[:]:
        print("   |", line[:300])
print(open(f"{dest}/grading_report.json").read())
u14.cleanup(dest)
