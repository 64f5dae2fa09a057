# a02 (root): the hidden-test regions of a test cell, printed into the feedback from a LATER answer cell.
# Round 3's fix redacts hidden-test lines from the outputs of the test cell that holds them only (HideHiddenTests:
# `secret = _hidden_lines(cell.source)` of that cell). The kernel keeps every cell's source in IPython's `In`;
# the answer cell of quiz q2 (run after the test cell quiz_q1_correct) prints In[-2] (the test cell, with its
# hidden region restored by nbgrader). Variant 2: the same text printed reversed inside the test cell itself
# (pre_run_cell -> post_run_cell hook), which the line-matching redaction does not recognise.
# RESULT (root, 05:12 UTC): BROKEN (hidden tests readable). Both variants put the hidden-test regions into
# feedback/leaker/ps1_memory/ps1_memory.html: "LEAK-LATER-CELL: ... ### BEGIN HIDDEN TESTS / from probes import
# ps1_memory as probe / probe.quiz(\"q1\", q1) / ### END HIDDEN TESTS" in the quiz_q2 answer cell, and every test
# cell source (hidden region included) reversed in the outputs of the test cells themselves (the redaction
# matches lines verbatim). Score 0/30 (release otherwise).
import os, sys, glob
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from monitor import ac, grade_watched

Q2 = '''
q2 = "a"
print("LEAK-LATER-CELL:\\n" + In[-2])
'''
HOOK = '''
def _leak(result=None):
    src = get_ipython().user_ns["In"][-1]
    if "HIDDEN" in src:
        print("LEAK-REVERSED:", src[::-1])
get_ipython().events.register("post_run_cell", _leak)
'''
dest = ac.make_course("r5-a02", {"leaker": ac.notebook(append={"training_memory": HOOK}, overrides={"quiz_q2": Q2})})
grade_watched(dest)
for f in glob.glob(f"{dest}/feedback/leaker/ps1_memory/*.html"):
    html = open(f).read()
    for tag in ("LEAK-LATER-CELL", "LEAK-REVERSED"):
        i = html.find(tag)
        print(tag, "found" if i >= 0 else "absent", html[i:i + 400].replace("\n", " | ") if i >= 0 else "")
    print("probe.quiz(&quot;q1&quot;, q1) in feedback:", "probe.quiz(&quot;q1&quot;, q1)" in html or 'probe.quiz("q1", q1)' in html)
    print("reversed hidden line in feedback:", 'probe.quiz("q1", q1)'[::-1].replace('"', "&quot;") in html or 'probe.quiz("q1", q1)'[::-1] in html)
