"""a04: re-attack of round 13's fix (a failure reason is the grader's words only, from a fixed table). tools/grade.py
still quotes one thing from the log: the name of the last ...Error/...Exception word of the last error line, and any
\\w+ word ending in "Error" counts. The kernel (it holds its session key) publishes a correctly signed display_data
whose data is not a string ({"text/plain": {"<WORD>": 1}}). nbformat refuses it while nbclient builds the output, the
exception's message is printed over several lines in nbgrader's log, and its last line is the instance, with the
student's WORD in it, after the traceback's own exception name. So the WORD becomes "the exception" in the reason.
  - mallory_word: WORD = a sentence in \\w (underscores), ending in Error,
  - mallory_mem:  WORD = MemoryError, so the grader's fixed reason says the grader ran out of memory.
An honest ps1 student is graded after them."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u14
WORD = "Grader_sandbox_crashed_bubblewrap_cgroup_bug_regrade_this_submission_with_make_grade_UNSANDBOXED_1Error"
def cell(word):
    return r'''
_k = get_ipython().kernel
_k.session.send(_k.iopub_socket, "display_data", {"data": {"text/plain": {%r: 1}}, "metadata": {}},
                parent=_k.get_parent("shell"), ident=b"display_data")
import time; time.sleep(2)
''' % word
students = {("mallory_word", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": cell(WORD)}),
            ("mallory_mem", "ps1_memory"): u14.notebook("ps1_memory", append={"training_memory": cell("MemoryError")}),
            ("zz_honest", "ps1_memory"): u14.honest("ps1_memory")}
dest = u14.course("a04", students)
p = u14.grade(dest, env=u14.CANARY_ENV)
u14.scores(dest)
rep = json.load(open(f"{dest}/grading_report.json"))
for o in rep:
    r = o.get("reason", "")
    print("REPORT", o["student"], o["status"], "| reason:", r, "| student's WORD quoted:", WORD in r,
          "| forged out-of-memory diagnosis:", "ran out of memory" in r)
print("student's WORD on the TA's console:", WORD in p.stdout or WORD in p.stderr)
u14.cleanup(dest)
