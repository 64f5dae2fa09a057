"""Called all_reduce on rank 0 only (the other ranks never join the collective: a deadlock)."""

CELLS = {
    "average_gradients": '''
def average_gradients(model):
    world_size = dist.get_world_size()
    if dist.get_rank() == 0:   # "rank 0 collects the gradients"
        for p in model.parameters():
            if p.grad is not None:
                dist.all_reduce(p.grad)
                p.grad /= world_size
''',
}
LOSES = {
    "average_gradients_matches_large_batch": "timed out",
}
