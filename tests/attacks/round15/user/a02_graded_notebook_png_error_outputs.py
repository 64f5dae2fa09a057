"""a02: the graded notebook (kept in the course folder, on the host's disk, read by the feedback page and the class
steps) from outputs the caps may not cover. The inert graded notebook keeps plain text and PNG/JPEG; plain text is
capped (round 14 a08: 92 kB). Here the kernel publishes, signed with its own session key, in one cell:
  mallory_png:   N display_data of 1 MiB of base64 in image/png (no text),
  mallory_err:   one error message whose traceback is N lines of 1 MiB, plus an evalue of 4 MiB,
  mallory_meta:  N display_data whose output metadata holds 1 MiB (text/plain tiny),
Report each graded notebook's and feedback page's size and status; an honest ps1 is graded after them."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u15
N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
HEAD = r'''
import base64, os
_k = get_ipython().kernel
_p = _k.get_parent("shell")
_mb = base64.b64encode(os.urandom(786432)).decode()
'''
CELLS = {
 "mallory_png": HEAD + r'''
for _i in range(%d):
    _k.session.send(_k.iopub_socket, "display_data", {"data": {"image/png": _mb}, "metadata": {}}, parent=_p)
print("sent png")
''' % N,
 "mallory_err": HEAD + r'''
_k.session.send(_k.iopub_socket, "error", {"ename": "ValueError", "evalue": _mb * 4, "traceback": [_mb] * %d}, parent=_p)
print("sent error")
''' % N,
 "mallory_meta": HEAD + r'''
for _i in range(%d):
    _k.session.send(_k.iopub_socket, "display_data", {"data": {"text/plain": "m"}, "metadata": {"image/png": {"x": _mb}, "big": _mb}}, parent=_p)
print("sent meta")
''' % N,
}
students = {(s, "ps1_memory"): u15.notebook("ps1_memory", append={"training_memory": c}) for s, c in CELLS.items()}
students[("zz_honest", "ps1_memory")] = u15.honest("ps1_memory")
dest = u15.course("a02", students)
p = u15.grade(dest)
u15.scores(dest)
for s in list(CELLS) + ["zz_honest"]:
    g = f"{dest}/autograded/{s}/ps1_memory/ps1_memory.ipynb"
    f = f"{dest}/feedback/{s}/ps1_memory/ps1_memory.html"
    print(s, "graded notebook", os.path.getsize(g) if os.path.exists(g) else None, "bytes; feedback page",
          os.path.getsize(f) if os.path.exists(f) else None, "bytes")
for o in json.load(open(f"{dest}/grading_report.json")):
    print("REPORT", o["student"], o["status"], "|", o.get("reason", ""))
u15.cleanup(dest)
