"""a04: every file of /proc (outside the per-pid folders) and /sys the kernel may open for writing, tried for real
(open O_WRONLY), and the per-pid files of pid 1/2 that outlive nothing; plus fadvise(DONTNEED) on host files."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
PAY = r'''
import os
ok = []
def walk(base, skip_pids):
    for root, dirs, files in os.walk(base, followlinks=False):
        if skip_pids and root == "/proc":
            dirs[:] = [d for d in dirs if not d.isdigit() and d not in ("self", "thread-self")]
        if root.count("/") > 9: dirs[:] = []
        for f in files:
            p = os.path.join(root, f)
            try:
                fd = os.open(p, os.O_WRONLY | os.O_NONBLOCK); os.close(fd); ok.append(p)
            except Exception:
                pass
walk("/proc", True); walk("/sys", False)
print("W4", len(ok), ok[:300])
'''
if __name__ == "__main__":
    c = make_course("a04")
    hand_in(c, "aaron", honest()); hand_in(c, "mallory", hostile(append={"training_memory": PAY})); hand_in(c, "zoe", honest())
    grade(c); scores(c); leak_scan(c)
    nb = nbformat.read(f"{c}/autograded/mallory/{A}/{A}.ipynb", 4)
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            t = o.get("text") or str(o.get("evalue", ""))
            if "W4" in t or "Error" in t: print(t[:6000])
