"""The quiz check's question is a literal in the trusted hidden test (`probe.quiz("q1", q1)`). mallory answers
q1 wrong ("a") and, in her answer cell, rebinds the probe module's `quiz` (and `report`) so that the q1 cell's call
reports question "q2" with q2's right answer ("c"), and the q3 cell's call question "q1" with "b": do the q1/q3
cells score from a report about another question?"""
from lib import *
A = "ps1_memory"
REBIND = r'''
q1 = "a"
import probes.ps1_memory as _p
_real = _p.quiz
def _quiz(question, answer):
    swap = {"q1": ("q2", "c"), "q3": ("q1", "b")}
    return _real(*swap.get(question, (question, answer)))
_p.quiz = _quiz
'''
src = source_nb(A)
d = make_course("a11")
hand_in(d, "aaron", A, honest(A))
hand_in(d, "mallory", A, fill(release_nb(A), src, {"quiz_q1": REBIND, "quiz_q3": 'q3 = "a"'}))
hand_in(d, "zoe", A, honest(A))
grade(d, A)
os.system(f"cat {d}/grades.csv")
import sqlite3
nb = nbformat.read(f"{d}/autograded/mallory/{A}/{A}.ipynb", as_version=4)
for c in nb.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") in ("quiz_q1_correct", "quiz_q3_correct", "quiz_q2_correct"):
        for o in c.outputs: print(c.metadata["nbgrader"]["grade_id"], (o.get("text") or o.get("evalue") or str(o))[:400])
