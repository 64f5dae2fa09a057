"""Wrapped the whole accumulation loop in no_sync(), so the gradients are never all-reduced."""

CELLS = {
    "accumulate_gradients": '''
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    with ddp_model.no_sync():
        for x, y in micro_batches:
            (loss_fn(ddp_model(x), y) / len(micro_batches)).backward()
''',
}
LOSES = {
    "accumulate_gradients_match_large_batch": "outside no_sync",
    "accumulate_gradients_one_allreduce": "never ran",
}
