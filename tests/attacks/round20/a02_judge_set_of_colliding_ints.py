"""a02: the judge's 60 s time limit (JUDGE_TIMEOUT, SIGALRM) overrun by ONE C call on what a student returned, with the
cost paid only by the grading process (root, outside the sandbox's CPU share), none of it by the sandbox.

partition_layers returns the three visible answers for the visible asserts, and for the first hidden call (in the
observer's child) one stage holding N integers that are all multiples of 2**61-1, so all share one Python hash
(int hashes are not randomised). The kernel and the observer only build, encode and decode a LIST of ints (linear).
The judge's `_check_partition_shape` then runs `set(flat)`: N insertions of equal-hash keys, each compared with every
earlier one, O(N^2), inside a single C call, which SIGALRM cannot interrupt (a Python signal handler runs between
bytecodes). Round 19's 5 s cap covers kernel messages only; this is the observer's report, judged in the grading child.
Measured as round 18 a03 (CPU seconds, grader side uid 0 vs sandbox side), mallory + an honest student.
Through `python -m grader.grade --course-dir DIR --workers 1`."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common20 import *  # noqa

A = "ps1_memory"
N = int(os.environ.get("N", "200000"))

CELL = f"""
_M = (1 << 61) - 1
_hidden = [0]
def partition_layers(costs, k):
    visible = {{((1, 2, 3, 4), 2): [[0, 1, 2], [3]], ((5, 5, 5), 3): [[0], [1], [2]], ((5, 5, 5), 1): [[0, 1, 2]]}}
    key = (tuple(costs), k)
    if key in visible:
        return visible[key]
    if k < 1 or k > len(costs):
        raise ValueError("bad k")
    _hidden[0] += 1
    if _hidden[0] == 1:  # the first hidden case: {N} ints of one hash
        return [[_M * (i + 1) for i in range({N})]]
    return [list(range(len(costs)))] + [[] for _ in range(k - 1)]
"""


def hostile():
    return notebook(overrides={"partition_layers": CELL}, assignment=A)


def main():
    r = r18_runner("/tmp/attack20-a02-", A)
    h = honest(A)
    import json as _json
    original_cleanup = r.cleanup

    def show_then_cleanup(dest):  # what mallory's graded notebook says in the partition cells, and how long it took
        path = os.path.join(dest, "autograded", "mallory", A, f"{A}.ipynb")
        if os.path.exists(path):
            for c in _json.load(open(path))["cells"]:
                gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
                if gid.startswith("partition_layers_"):
                    for o in c.get("outputs", []):
                        print("mallory", gid, o.get("output_type"), (o.get("ename"), str(o.get("evalue"))[:300]))
        original_cleanup(dest)

    r.cleanup = show_then_cleanup
    r.run(f"setN{N}", {"mallory": hostile(), "zz_honest": h}, 1)


if __name__ == "__main__":
    main()
