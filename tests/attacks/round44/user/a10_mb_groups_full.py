"""a10: the whole of /proc/fs/ext4/<dev>/mb_groups (a05 timed one read of a seq_file: its first page) read to the end from a sandbox: cost per full read (every group's buddy loaded under its group lock)."""
import sys, json, os
sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *

A = "ps1_memory"
IOC = r'''
import time
for f in ("mb_groups", "es_shrinker_info"):
    best = None
    for k in range(3):
        t = time.perf_counter(); n = len(open("/proc/fs/ext4/vda/" + f).read()); el = time.perf_counter() - t
        best = el if best is None else min(best, el)
    print("IOC", f, "%d bytes, best of 3 full reads %.1f ms" % (n, best * 1000))
'''

def build():
    nb = honest(A)
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source = c.source + "\n" + IOC
    return nb

if __name__ == "__main__":
    d = make_course("a10")
    hand_in(d, AARON, A, honest(A)); hand_in(d, MALLORY, A, build()); hand_in(d, ZOE, A, honest(A))
    grade(d, A); scores(d)
    print({r["student"]: round(r["seconds"], 1) for r in json.load(open(f"{d}/grading_report.json"))})
    nb = json.load(open(f"{d}/autograded/{MALLORY}/{A}/{A}.ipynb"))
    text = "".join("".join(o.get("text", "")) for c in nb["cells"] for o in c.get("outputs", []))
    print("\n".join(l for l in text.splitlines() if l.startswith("IOC")))
