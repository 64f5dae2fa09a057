"""a08: a07 found /dev/pts mounted rw (devpts) in the kernel's sandbox. The threat model says /dev has no
pseudo-terminals (their number is capped for the whole host: kernel.pty.max). Can a kernel allocate one, through
/dev/pts/ptmx, /dev/ptmx or os.openpty()? Controls aaron, zoe."""
import sys
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
PROBE = r'''
import os
print("ls /dev:", sorted(os.listdir("/dev")))
try: print("ls /dev/pts:", [(n, oct(os.stat("/dev/pts/"+n).st_mode)) for n in os.listdir("/dev/pts")])
except OSError as e: print("ls /dev/pts:", e)
for p in ("/dev/pts/ptmx", "/dev/ptmx"):
    try: fd = os.open(p, os.O_RDWR | os.O_NOCTTY); print("OPEN", p, "OK fd", fd, os.ttyname(fd) if os.isatty(fd) else "")
    except OSError as e: print("OPEN", p, e)
try: print("openpty", os.openpty())
except OSError as e: print("openpty", e)
print("pty.nr (host-wide):", open("/proc/sys/kernel/pty/nr").read().strip())
'''
m = honest()
for c in m.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = PROBE + "\n" + c.source
d = course("a08")
handin(d, "aaron", honest()); handin(d, "mallory", m); handin(d, "zoe", honest())
grade(d); scores(d)
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", 4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        for o in c.outputs:
            print(o.get("text", o.get("data", {}).get("text/plain", "")))
