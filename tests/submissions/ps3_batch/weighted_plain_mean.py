"""Took each rank's mean loss as it is, as if DDP weighted ranks by their number of samples."""

CELLS = {
    "weighted_backward": '''
def weighted_backward(ddp_model, loss_fn, x, y):
    """Backward of this rank's batch, weighted so that DDP's average is the full-batch gradient."""
    loss_fn(ddp_model(x), y).backward()
''',
}
LOSES = {
    "weighted_backward_full_batch_gradient": "unweighted mean",
}
