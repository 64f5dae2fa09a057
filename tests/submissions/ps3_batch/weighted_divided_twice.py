"""Weighted each rank's loss by its share of the samples, forgetting that DDP already divides by the world size."""

CELLS = {
    "weighted_backward": '''
def weighted_backward(ddp_model, loss_fn, x, y):
    """Backward of this rank's batch, weighted so that DDP's average is the full-batch gradient."""
    counts = torch.tensor([len(x)], dtype=torch.float32)
    dist.all_reduce(counts)
    (loss_fn(ddp_model(x), y) * len(x) / counts.item()).backward()
''',
}
LOSES = {
    "weighted_backward_full_batch_gradient": "already divides",
}
