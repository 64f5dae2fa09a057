"""A14: which per-student outputs keep their inode and mode across a regrade (so that a descriptor of the file or
of its folder, opened in some window, keeps reading new versions): the feedback page (0644 inside 0700 folders), the
graded notebook (0444), on a13's course, regraded with --regrade."""
import os, sys, subprocess
sys.path.insert(0, os.path.dirname(__file__))
from harness import grade, scores
d = "/tmp/attack49-user-a13"
files = [f"{d}/feedback/aaron/ps1_memory/ps1_memory.html", f"{d}/autograded/aaron/ps1_memory/ps1_memory.ipynb",
         f"{d}/feedback/aaron/ps1_memory", f"{d}/autograded/aaron/ps1_memory", f"{d}/submitted/aaron/ps1_memory"]
def st():
    return {f: (os.stat(f).st_ino, oct(os.stat(f).st_mode & 0o777)) for f in files}
before = st()
grade(d, "ps1_memory", ("--regrade",), quiet=True); scores(d, "ps1_memory")
after = st()
for f in files:
    print(f"{f[len(d)+1:]:48s} before {before[f]} after {after[f]} same inode: {before[f][0] == after[f][0]}")
