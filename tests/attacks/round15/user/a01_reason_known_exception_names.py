"""a01: re-attack of round 14's reason fix ("a reason names only an exception Python or the grading libraries
define"). Round 14's a04 path: the kernel (it holds its own session key) publishes a signed display_data whose
text/plain is a dict {WORD: 1}; nbformat refuses the output while nbclient builds it, and the refusal's message
(printed in the log after the traceback) ends with the student's WORD. Now WORD is a *real* exception name that
maps to one of the grader's own fixed diagnoses, so the student chooses which (false) diagnosis the TA reads:
  mallory_mem      MemoryError        -> "the grader's process ran out of memory"?
  mallory_dead     DeadKernelError    (nbclient's) -> "the kernel died"?
  mallory_timeout  CellTimeoutError   (nbclient's) -> "timed out"?
  mallory_perm     PermissionError    -> a sandbox/permission problem?
  mallory_made_up  Made_up_sentence_Error (not a known name: must not be quoted)
An honest ps1 (solution copied, the control) is graded after them. Canaries in the grader's environment."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u15
def cell(word):
    return r'''
_k = get_ipython().kernel
_k.session.send(_k.iopub_socket, "display_data", {"data": {"text/plain": {%r: 1}}, "metadata": {}},
                parent=_k.get_parent("shell"), ident=b"display_data")
import time; time.sleep(2)
''' % word
WORDS = {"mallory_mem": "MemoryError", "mallory_dead": "DeadKernelError", "mallory_timeout": "CellTimeoutError",
         "mallory_perm": "PermissionError", "mallory_made_up": "Regrade_with_UNSANDBOXED_1_Error"}
students = {(s, "ps1_memory"): u15.notebook("ps1_memory", append={"training_memory": cell(w)}) for s, w in WORDS.items()}
students[("zz_honest", "ps1_memory")] = u15.honest("ps1_memory")
dest = u15.course("a01", students)
p = u15.grade(dest, env=u15.CANARY_ENV)
u15.scores(dest)
for o in json.load(open(f"{dest}/grading_report.json")):
    print("REPORT", o["student"], o["status"], "| WORD:", WORDS.get(o["student"]), "| reason:", o.get("reason", ""))
print("made-up word on the TA's console:", "Regrade_with_UNSANDBOXED" in p.stdout + p.stderr)
u15.cleanup(dest)
