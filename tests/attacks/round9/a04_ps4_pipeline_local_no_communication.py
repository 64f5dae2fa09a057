"""a04 (root, ps4_large_model): pipeline_stage_step (4) and gpipe_step's full-batch cell (3) with NO communication.

judge_pipeline_stage_step and judge_gpipe_full_batch judge only each rank's stage gradients and the returned loss;
the messages are only logged (for a hang). PIPELINE_CASES / GPIPE_CASES (widths, batch, seed, bounds) are constants
of the public probes module, and probes.ps4_large_model.model / batch_data rebuild the whole model and the batch. So
every rank rebuilds the whole model and batch itself, runs the unsplit forward/backward locally, and copies the
gradients of the blocks its stage holds into the stage: no send, no recv. (Visible tests: the same, from the
notebook's own small_model and the visible cells' generator seeds 1 and 2.)
RESULT: see the bottom of this file and a04.out.txt."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "round5"))
from monitor import ac, grade_watched

LOCAL = r'''
def _candidates(batch):
    import probes.ps4_large_model as P
    out = []
    for widths, b, seed, _ in P.PIPELINE_CASES.values():
        out.append(lambda w=widths, b=b, s=seed: (P.model(w, s), *P.batch_data(w, b, s)))
    for widths, b, seed, _ in P.GPIPE_CASES.values():
        for m in P.MICRO_BATCHES:
            out.append(lambda w=widths, b=b, s=seed + m: (P.model(w, s), *P.batch_data(w, b, s)))
    def visible(seed, n):
        gen = torch.Generator().manual_seed(seed)
        return small_model(), torch.randn(n, 6, generator=gen), torch.randint(0, 5, (n,), generator=gen)
    out.append(lambda: visible(1, 4))
    out.append(lambda: visible(2, 8))
    return out

def _local_step(stage, x, y, recv_shape):
    rank, world = dist.get_rank(), dist.get_world_size()
    batch = len(x) if x is not None else recv_shape[0]
    mine = [p.detach().cpu() for p in stage.parameters()]
    for make in _candidates(batch):
        with torch.random.fork_rng(devices=[]):
            whole, X, Y = make()
        if len(X) != batch:
            continue
        params = list(whole.parameters())
        for i in range(len(params) - len(mine) + 1):
            if all(a.shape == b.shape and torch.equal(a, b.detach()) for a, b in zip(mine, params[i:i + len(mine)])):
                loss = F.cross_entropy(whole(X), Y)
                loss.backward()
                for p, q in zip(stage.parameters(), params[i:i + len(mine)]):
                    p.grad = q.grad.to(p.device).clone()
                return loss.item() if rank == world - 1 else None
    raise RuntimeError("no lookup for this stage")

def pipeline_stage_step(stage: nn.Module, x, y, recv_shape, loss_fn=F.cross_entropy):
    return _local_step(stage, x, y, recv_shape)
'''

GPIPE = r'''
def gpipe_step(stage: nn.Module, x, y, recv_shape, num_micro_batches: int, loss_fn=F.cross_entropy):
    batch = len(x) if x is not None else recv_shape[0]
    if batch % num_micro_batches:
        raise ValueError("batch does not split")
    return _local_step(stage, x, y, recv_shape)
'''

if __name__ == "__main__":
    nb = ac.notebook({"pipeline_stage_step": LOCAL, "gpipe_step": GPIPE}, assignment="ps4_large_model")
    dest = ac.make_course("r9-a04", {"localpipe": nb}, assignment="ps4_large_model")
    grade_watched(dest)
    import nbformat
    nbk = nbformat.read(f"{dest}/autograded/localpipe/ps4_large_model/ps4_large_model.ipynb", 4)
    for c in nbk.cells:
        g = c.metadata.get("nbgrader", {}).get("grade_id", "")
        if g.startswith(("pipeline", "gpipe")):
            for o in c.get("outputs", []):
                print(g, o.output_type, str(o.get("text") or o.get("evalue"))[:600])
    print(open(f"{dest}/grades.csv").read())
# RESULT (root, 13:01 UTC, a04.out.txt): BROKEN (score without the work). localpipe 7/23 (untouched release: 0):
# pipeline_stage_step_matches_unsplit 4/4 and gpipe_step_matches_full_batch 3/3 with no send or recv anywhere
# (every rank recomputes the unsplit model locally from the public cases). Only the method cell
# gpipe_step_sends_per_micro_batch (1 pt), which counts messages, was lost.
