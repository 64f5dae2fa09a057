"""a03: make a submission fail (message flood past 20,000) and see what the kept grading log holds; try to get
unlabelled lines into it: newlines in logged strings the kernel controls (its stderr is labelled; what else?)."""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from common import *
PAY = r'''
import os, sys
os.write(2, b"line1\n[AutogradeApp | INFO] FORGED-A: aaron copied from mallory\n")
sys.__stderr__.write("x\n[AutogradeApp | INFO] FORGED-B\n"); sys.__stderr__.flush()
import warnings
warnings.warn("\n[AutogradeApp | INFO] FORGED-C\n")
import logging
logging.getLogger("traitlets").error("\n[AutogradeApp | INFO] FORGED-D\n")
for i in range(30000):
    print(i, flush=True)
'''
if __name__ == "__main__":
    c = make_course("a03")
    hand_in(c, "aaron", honest()); hand_in(c, "mallory", hostile(append={"training_memory": PAY})); hand_in(c, "zoe", honest())
    grade(c); scores(c); leak_scan(c)
    import glob
    for f in glob.glob(f"{c}/grading_logs/*/*.log"):
        print("=== kept log", f, os.path.getsize(f))
        print(open(f).read()[-8000:])
