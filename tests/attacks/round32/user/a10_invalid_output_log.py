"""a10: an output no notebook may hold (display_data whose metadata is a string) makes nbformat's validation fail the
submission; its ValidationError quotes the output (student text) in nbgrader's log. Do those quoted lines reach the
kept log unlabelled, and does any kept row begin with the student's text?"""
import sys; sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from harness import *
A = "ps1_memory"
code = sol(A, "training_memory") + r'''
ip = get_ipython(); k = ip.kernel
fake = "[E 05:31:07 grader] zoe FAILED"
k.session.send(k.iopub_socket, "display_data", {"data": {"text/plain": [fake, fake]}, "metadata": fake}, parent=k.get_parent(), ident=b"display_data")
'''
d = make_course("a10", A, {"mallory": {"training_memory": code}})
r, el = grade(d, A)
scores(d, A)
import glob
for f in glob.glob(f"{d}/grading_logs/**/*.log", recursive=True):
    rows = open(f, encoding="utf-8").read().splitlines()
    hits = [x for x in rows if "zoe FAILED" in x]
    print("LOG", f, len(rows), "rows; rows quoting the fake:")
    for x in hits[:12]: print("   ", repr(x))
    print("rows BEGINNING with the fake:", [x for x in rows if x.lstrip(" '\"[").startswith("E 05:31:07")][:5])
