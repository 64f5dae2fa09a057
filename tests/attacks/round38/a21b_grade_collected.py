"""a21b: grade what a21's last collection left (if it was the solutions notebook), with controls aaron and zoe."""
from harness import *
d = "/tmp/attack38-root-a21c"
f = f"{d}/submitted/mallory/ps1_memory/ps1_memory.ipynb"
print("collected hand-in holds solution markers:", "BEGIN SOLUTION" in open(f).read())
put(d, "aaron", solution_nb()); put(d, "zoe", solution_nb())
grade(d); scores(d)
