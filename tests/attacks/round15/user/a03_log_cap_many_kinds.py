"""a03: re-attack of round 14's log fix (each record of a grading child's log cut to 4,000 characters, a child logs
at most 8 MiB, no file it writes grows past 2 GiB). The kernel (it holds its session key) signs, in one cell:
  - 3,000 IOPub messages of an unknown msg_type of 1 MiB (round 14's a07 payload),
  - 20,000 unknown msg_types of 3,990 characters (just under the record cut),
  - 20,000 unknown msg_types made of line separators (\\n \\r \\u2028 ...) and ANSI escapes,
  - 2,000 comm_msg / comm_close for unknown comm ids, 2,000 messages with a 1 MiB msg_id and parent header,
then a thread keeps sending 1 MiB types for 90 s of the cell's time. As root, outside the grading, a watcher follows
every file of this run's grader folders (/tmp/grade-kernel-*, grade-steps-*, owned by 65534 and made during the
run) and the host's free disk. An honest ps1 (the control) after it."""
import os, sys, json, glob, threading, time, shutil
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u15
CELL = r'''
import time, threading
_k = get_ipython().kernel
_p = _k.get_parent("shell")
_s = _k.session
_t = time.time()
_big = "x" * (1 << 20)
for _i in range(3000):
    _s.send(_k.iopub_socket, _big, {}, parent=_p)
for _i in range(20000):
    _s.send(_k.iopub_socket, "y" * 3990, {}, parent=_p)
_sep = ("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\x1b[2J\x1b]0;TA\x07" * 200)
for _i in range(20000):
    _s.send(_k.iopub_socket, _sep, {}, parent=_p)
for _i in range(2000):
    _s.send(_k.iopub_socket, "comm_msg", {"comm_id": _big[:4000] + str(_i), "data": {"x": 1}}, parent=_p)
    _s.send(_k.iopub_socket, "comm_close", {"comm_id": "z" * 4000 + str(_i), "data": {}}, parent=_p)
_hdr = dict(_p["header"]); _hdr["msg_id"] = _big
for _i in range(2000):
    _s.send(_k.iopub_socket, "zz_unknown", {}, parent={"header": _hdr})
def _flood():
    while time.time() - _t < 90:
        for _ in range(40):
            _s.send(_k.iopub_socket, _big, {}, parent=_p)
        time.sleep(0.3)
_th = threading.Thread(target=_flood, daemon=True); _th.start(); _th.join(95)
print("sent in %.0f s" % (time.time() - _t))
'''
dest = u15.course("a03", {("mallory", "ps1_memory"): u15.notebook("ps1_memory", append={"training_memory": CELL}),
                          ("zz_honest", "ps1_memory"): u15.honest("ps1_memory")})
t0 = time.time()
stop, peak, sizes = [], {"total": 0, "disk_drop": 0}, {}
free0 = shutil.disk_usage("/tmp").free
def watch():
    while not stop:
        tot = 0
        for d in glob.glob("/tmp/grade-*"):
            try:
                st = os.stat(d)
                if st.st_uid != 65534 or st.st_mtime < t0 - 2:
                    continue
                for root, _, files in os.walk(d):
                    for f in files:
                        try:
                            s = os.lstat(os.path.join(root, f)).st_size
                        except OSError:
                            continue
                        tot += s
                        k = os.path.join(root, f)
                        sizes[k] = max(sizes.get(k, 0), s)
            except OSError:
                pass
        peak["total"] = max(peak["total"], tot)
        peak["disk_drop"] = max(peak["disk_drop"], free0 - shutil.disk_usage("/tmp").free)
        time.sleep(0.2)
th = threading.Thread(target=watch); th.start()
p = u15.grade(dest)
stop.append(1); th.join()
u15.scores(dest)
u15.cell_outputs(dest, "mallory", "ps1_memory", ("training_memory",))
for o in json.load(open(f"{dest}/grading_report.json")):
    print("REPORT", o["student"], o["status"], "|", o.get("reason", ""))
print("largest files seen in this run's grader folders:")
for k, v in sorted(sizes.items(), key=lambda kv: -kv[1])[:6]:
    print(f"  {os.path.basename(k)}: {v / 2**20:,.2f} MiB")
print(f"largest total of those folders: {peak['total'] / 2**20:,.1f} MiB; largest drop of free disk: {peak['disk_drop'] / 2**20:,.0f} MiB (shared machine)")
u15.cleanup(dest)
