"""a10: grading reliability, not an attack: with DISTCOURSE_START_METHOD=forkserver in the TA's environment (the
start method a GPU host picks by itself, helpers.launch.fork_server_needed()), the HONEST ps2 solution (source/,
control only) loses train_ddp_matches_large_batch and train_ddp_checkpoint (5 points): "what your code returned to
the hidden checks of this cell is larger than 64,000,000 bytes". A copy of the honest notebook with one diagnostic
line after the quiz measures what cloudpickle makes of train_ddp and of its globals in the kernel, in both modes."""
import os, sys, copy
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import u13
DIAG = r'''
import cloudpickle, types
_sz = len(cloudpickle.dumps(train_ddp))
print("DIAG cloudpickle(train_ddp) =", f"{_sz:,}", "bytes; start method env:", os.environ.get("DISTCOURSE_START_METHOD"))
for _n in sorted(train_ddp.__code__.co_names):
    if _n in globals():
        try:
            print("   global", _n, type(globals()[_n]).__name__, f"{len(cloudpickle.dumps(globals()[_n])):,}")
        except Exception as e:
            print("   global", _n, "unpicklable", type(e).__name__)
'''
def honest_diag():
    nb = u13.honest("ps2_ddp")
    for c in nb.cells:
        if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "quiz_q5":
            c.source += "\n" + DIAG
    return nb
for tag, env in (("fs", ["DISTCOURSE_START_METHOD=forkserver"]), ("default", [])):
    dest = u13.course("a10" + tag, {("honest", "ps2_ddp"): u13.honest("ps2_ddp"), ("honest_diag", "ps2_ddp"): honest_diag()})
    print("=== TA environment adds:", env)
    u13.grade(dest, env=env)
    u13.scores(dest)
    import nbformat
    for s in ("honest", "honest_diag"):
        for c in nbformat.read(f"{dest}/autograded/{s}/ps2_ddp/ps2_ddp.ipynb", 4).cells:
            g = c.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
            if g.startswith("train_ddp_") or g == "quiz_q5":
                for o in c.get("outputs", []):
                    print(s, g, "OUTPUT:", (o.get("text") or str(o.get("evalue")))[:1500])
