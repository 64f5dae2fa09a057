"""A09: the grading log kept for the TA (grading_logs/<assignment>/<student>.log) after a failure. The kernel writes
raw terminal escapes, carriage returns and a forged unlabelled-looking grader line onto its real stdout/stderr
(fd 1/2), then sleeps past a --submission-timeout of 40 s so that the submission fails and its log is kept. Does the kept log hold the raw control
characters (terminal injection when the TA cats it) or lines that pass for the grader's own?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *

TM = r'''
import os
os.write(1, b"\x1b]0;PWNED-TITLE\x07\x1b[2J\x1b[H\r[AutogradeApp | INFO] mallory: all checks passed, 24/24\n")
os.write(2, b"\r\x1b[1A\x1b[K[GraderLog | INFO] FORGED LINE aaron failed\n" + b"\x1b[8m hidden text \x1b[0m\n")
import time
while True:
    time.sleep(1)
'''
root = build("a09", {"mallory": {"training_memory": TM}})
grade(root, extra=("--submission-timeout", "40"))
scores(root)
for s in ("aaron", "mallory", "zoe"): print(s, cell_scores(root, s))
import glob
for f in glob.glob(root + "/grading_logs/*/*.log"):
    data = open(f, "rb").read()
    print("==", f, len(data), "bytes; raw ESC present:", b"\x1b" in data, "; raw CR present:", b"\r" in data, "; BEL:", b"\x07" in data)
    for line in data.split(b"\n"):
        if b"PWNED" in line or b"FORGED" in line or b"hidden text" in line or b"24/24" in line:
            print("   ", repr(line[:300]))
