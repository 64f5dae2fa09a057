"""a02: what bwrap's init (pid 1) and the placeholder (pid 2) hold: seccomp, no_new_privs, caps, dumpable,
and whether the kernel can open their /proc/<pid>/mem for writing (code injection into a process without the filter)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
PAY = r'''
import os
def _r(p):
    try: return open(p).read()
    except Exception as e: return f"ERR {type(e).__name__}: {e}"
for pid in (1, 2, os.getpid()):
    st = os.stat(f"/proc/{pid}")
    print("P12", pid, "owner", st.st_uid, [l for l in _r(f"/proc/{pid}/status").splitlines() if l.split(":")[0] in ("Seccomp","Seccomp_filters","NoNewPrivs","CapEff","CapPrm","CapBnd")])
    for what in ("mem",):
        try:
            fd = os.open(f"/proc/{pid}/{what}", os.O_RDWR); print("P12", pid, what, "OPEN RW ok"); os.close(fd)
        except Exception as e: print("P12", pid, what, "open rw:", e)
    print("P12", pid, "fds", sorted(os.listdir(f"/proc/{pid}/fd")) if os.access(f"/proc/{pid}/fd", os.R_OK) else "no fd access")
    print("P12", pid, "cmdline", _r(f"/proc/{pid}/cmdline").replace("\0"," ")[:600])
'''
if __name__ == "__main__":
    c = make_course("a02")
    hand_in(c, "aaron", honest()); hand_in(c, "mallory", hostile(append={"training_memory": PAY})); hand_in(c, "zoe", honest())
    grade(c); scores(c); leak_scan(c)
    nb = nbformat.read(f"{c}/autograded/mallory/{A}/{A}.ipynb", 4)
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            t = o.get("text") or ""
            if "P12" in t: print(t)
