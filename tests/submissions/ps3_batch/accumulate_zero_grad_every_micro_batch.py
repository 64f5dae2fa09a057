"""Zeroes the gradients before every micro-batch (as a training loop does before every batch): only the last
micro-batch's gradient is left. Its diagnosis names the zeroing, not the division."""

CELLS = {
    "accumulate_gradients": '''
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    k = len(micro_batches)
    for i, (x, y) in enumerate(micro_batches):
        ddp_model.zero_grad()
        if i < k - 1:
            with ddp_model.no_sync():
                (loss_fn(ddp_model(x), y) / k).backward()
        else:
            (loss_fn(ddp_model(x), y) / k).backward()
''',
}
LOSES = {
    "accumulate_gradients_match_large_batch": "the gradient of the last micro-batch only",
}
