"""Used no_sync() but forgot to divide each micro-batch's loss by the number of micro-batches."""

CELLS = {
    "accumulate_gradients": '''
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    *first, last = micro_batches
    with ddp_model.no_sync():
        for x, y in first:
            loss_fn(ddp_model(x), y).backward()
    x, y = last
    loss_fn(ddp_model(x), y).backward()
''',
}
LOSES = {
    "accumulate_gradients_match_large_batch": "divide",
}
