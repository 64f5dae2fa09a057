"""a08: a hand-in within the admission caps (containers < 200,000) whose JSON nests 90,000 lists deep, in the metadata
of an ungraded cell: does reading it (json, nbformat's schema validation, copies, pickles) crash or stop the class?"""
import sys, json; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from lib import *
N = int(sys.argv[1]) if len(sys.argv) > 1 else 90000
nb = notebook()
nb.cells[4].metadata["deep"] = "PLACEHOLDER"
text = nbformat.writes(nb).replace('"PLACEHOLDER"', "[" * N + "]" * N)
d = make_course("a08")
hand_in(d, "aaron", notebook())
hand_in(d, "mallory", text)
hand_in(d, "zoe", notebook())
grade(d)
scores(d)
print(open(f"{d}/grading_report.json").read()[:3000])
