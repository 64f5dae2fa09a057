"""A09: which private outputs keep their inode from one run to the next (so that a descriptor eve opened while the
file was readable, a05, keeps reading later runs)? stat each before and after a --regrade of a05's course."""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = "/tmp/attack48-user-a05"
names = ["gradebook.db", "grades.csv", "grading_report.json", "grades_by_exercise.png"]
before = {n: os.stat(f"{d}/{n}").st_ino for n in names}
grade(d, "ps1_memory", ("--regrade",), quiet=True); scores(d, "ps1_memory")
after = {n: os.stat(f"{d}/{n}").st_ino for n in names}
for n in names:
    print(f"{n:24s} inode {before[n]} -> {after[n]}: {'SAME (a held descriptor reads the new run)' if before[n] == after[n] else 'new file'}")
