"""a01 (root, ps5_scale): tp_operators (2 pts) earned with NO communication, past round 8's fix.

Round 8's fix: each rank's operator input seed is drawn by rank 0 from the OS and scattered, so "the sum over the
ranks is known only by communicating". But the seed the judge uses is the one the rank *reports*: `out["seed"]`
in `_operators_rank`, a dict living in the rank process that runs the student's code.  The student's
`CopyToTensorParallel.forward` walks up its frames to `_operators_rank`, overwrites `out["seed"]` with a constant S
of its own choosing (same on every rank), and from then on answers as if every rank's input were
operator_inputs(S): forward returns x(S) (identity of the *reported* input), backward returns world*g(S) (the sum);
g forward returns world*x(S), backward g(S).  dist.get_world_size() is the only torch.distributed call (no
collective). The visible test is answered by a lookup (x = rank+1, ones).
RESULT: see the bottom of this file and a01.out.txt."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

TP = r'''
import sys as _sys
_S = 424242

def _forge():
    """In the grader's rank: find _operators_rank's `out` and make it report seed _S. Returns True there."""
    f = _sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == "_operators_rank" and isinstance(f.f_locals.get("out"), dict):
            f.f_locals["out"]["seed"] = _S
            return True
        f = f.f_back
    return False

def _mine():
    import probes.ps5_scale as P          # public module, the public input function
    return P.operator_inputs(_S)

class CopyToTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.hidden = _forge()
        if ctx.hidden:
            return _mine()[0].to(x.device).clone()
        return x.clone()

    @staticmethod
    def backward(ctx, grad):
        world = dist.get_world_size()
        if ctx.hidden:
            return (world * _mine()[1]).to(grad.device)
        return grad * world                       # visible test: ones on every rank


class ReduceFromTensorParallel(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        world = dist.get_world_size()
        ctx.hidden = _forge()
        if ctx.hidden:
            return (world * _mine()[0]).to(x.device)
        return torch.full_like(x, world * (world + 1) / 2)   # visible test: x = rank + 1

    @staticmethod
    def backward(ctx, grad):
        if ctx.hidden:
            return _mine()[1].to(grad.device).clone()
        return grad
'''

if __name__ == "__main__":
    nb = ac.notebook({"tp_operators": TP}, assignment="ps5_scale")
    dest = ac.make_course("r9-a01", {"forgedseed": nb}, assignment="ps5_scale")
    grade_watched(dest)
    import nbformat
    nbk = nbformat.read(f"{dest}/autograded/forgedseed/ps5_scale/ps5_scale.ipynb", 4)
    for c in nbk.cells:
        g = c.metadata.get("nbgrader", {}).get("grade_id", "")
        if g.startswith("tp_operators"):
            for o in c.get("outputs", []):
                print(g, o.output_type, str(o.get("text") or o.get("evalue"))[:500])
    ac.show(dest) if hasattr(ac, "show") else None
    print(open(f"{dest}/grades.csv").read())
# RESULT (root, 12:56 UTC, a01.out.txt): BROKEN (score without the work, past round 8's fix).
# forgedseed 2.0/29: tp_operators_forward_backward 2/2 (untouched release: 0/29), status graded, no error output.
# f and g issue no collective at all (only dist.get_world_size()). The per-grading scatter of seeds holds only
# while the rank reports the seed it was sent; the report is a dict in the rank the student's code runs in.
