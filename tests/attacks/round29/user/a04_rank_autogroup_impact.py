"""A04: impact of A02/A03, measured where it lands. mallory's two_stage_step, in the observer's ranks only
(DISTCOURSE_PRIVATE_FORK_SERVER=1 is the observer's environment), times a fixed 3M-iteration loop at every call; after
the first launch (calls 1-2) it makes itself dumpable and writes 19 into /proc/self/autogroup (the observer's
session); at the 6th call (last rank of the third cut) it raises with every timing (so this cell fails: the
numbers reach the feedback). mallet does the same without the nice. The kernel runs 4 spinners in both."""
import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *

SPIN = '''
import os as _os, time as _t
if not globals().get("_SPUN"):
    _SPUN = True
    for _ in range(4):
        if _os.fork() == 0:
            _s = _t.time()
            while _t.time() - _s < 400:
                pass
            _os._exit(0)
'''
def rank_code(nice):
    return f'''
import ctypes as _ct, os as _o, time as _tt, fcntl as _f
_NICE = {nice}
def _job():
    t = _tt.perf_counter(); c = _tt.process_time()
    x = 0
    for i in range(3_000_000):
        x += i
    return _tt.perf_counter() - t, _tt.process_time() - c
_orig_two_stage_step = two_stage_step
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    if _o.environ.get("DISTCOURSE_PRIVATE_FORK_SERVER") != "1":   # the kernel's own ranks: honest
        return _orig_two_stage_step(stage, batch, target, loss_fn, activation_shape)
    with open("/tmp/.calls", "a+") as fh:
        fh.seek(0); n = len(fh.read().splitlines()) + 1
        wall, cpu = _job()
        ag = open("/proc/self/autogroup").read().strip() if _o.access("/proc/self/autogroup", _o.R_OK) else "?"
        fh.write(f"call{{n}} pid{{_o.getpid()}} sid{{_o.getsid(0)}} wall={{wall:.2f}} cpu={{cpu:.2f}} ag={{ag}}\\n")
    if _NICE and n >= 1:
        try:
            _ct.CDLL(None).prctl(4, 1, 0, 0, 0)
            with open("/proc/self/autogroup", "w") as f:
                f.write("19")
        except OSError as e:
            pass
    if n >= 6:
        raise RuntimeError("TIMINGS " + open("/tmp/.calls").read().replace("\\n", " | "))
    return _orig_two_stage_step(stage, batch, target, loss_fn, activation_shape)
'''
root = build("a04", {
    "mallet": {"training_memory": solution("training_memory") + "\n" + SPIN,
               "two_stage_step": solution("two_stage_step") + "\n" + rank_code(False)},
    "mallory": {"training_memory": solution("training_memory") + "\n" + SPIN,
                "two_stage_step": solution("two_stage_step") + "\n" + rank_code(True)},
})
grade(root)
scores(root)
for s in ("aaron", "mallet", "mallory", "zoe"): print(s, sum(v or 0 for v in cell_scores(root, s).values()))
import re
c = sqlite3.connect(f"{root}/gradebook.db")
for s in ("mallet", "mallory"):
    rows = c.execute("select comment.auto_comment from comment join base_cell on comment.cell_id=base_cell.id join submitted_notebook on comment.notebook_id=submitted_notebook.id join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id where submitted_assignment.student_id=? and base_cell.name='two_stage_step_matches_whole_model'", (s,)).fetchall()
    print(s, "comment:", rows)
for s in ("mallet", "mallory"):
    fb = glob.glob(f"{root}/feedback/{s}/ps1_memory/*.html")
    for f in fb:
        t = open(f).read()
        for m in re.findall(r"TIMINGS[^<]{0,1500}", t)[:1]:
            print(s, "feedback:", m)
