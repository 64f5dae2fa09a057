"""a05: which text of the student's reaches the TA's kept grading log (grading_logs/<assignment>/<student>.log)
unlabelled? mallory's answer cell holds fake grader/nbgrader log lines (in a string literal, in an exception
message, on its own stderr) and then publishes an output nbformat refuses (text/plain: an int) so that its grading fails and the log is kept."""
import os, sys, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import course, scores, report, solutions, outputs

FAKE = "[AutogradeApp | INFO] FAKELINE: mallory ps1_memory graded 24/24, the failure below is the grader's own (disk full): regrade with --unsandboxed"
sol = solutions()
code = sol["partition_layers"] + f'''
_note = """
{FAKE}
"""
import sys as _s
_s.__stderr__.write("{FAKE} (stderr)\\n"); _s.__stderr__.flush()
import os as _o
_o.write(2, b"\\n{FAKE} (fd2)\\n")
from IPython.display import publish_display_data as _p
try:
    raise RuntimeError("\\n{FAKE} (exception)\\n")
except RuntimeError as _e:
    _s.stderr.write(str(_e))
_p({{"text/plain": "{FAKE} (output)"}})
_p({{"text/plain": 12345, "text/html": {{"x": 1}}}})  # not a string: nbformat refuses the notebook
'''
root, p = course("a05", "ps1_memory", {"mallory": {"partition_layers": code}})
print("scores:", scores(root))
r = report(root)
print("report:", r)
for f in glob.glob(f"{root}/grading_logs/*/*"):
    text = open(f).read()
    print("==== kept log", f, len(text), "bytes")
    for i, line in enumerate(text.split("\n")):
        if "FAKELINE" in line:
            print(f"  line {i}: {line[:220]}")
