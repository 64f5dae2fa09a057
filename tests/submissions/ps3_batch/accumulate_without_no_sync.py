"""Accumulated the micro-batches correctly but without no_sync(): DDP all-reduces after every micro-batch."""

CELLS = {
    "accumulate_gradients": '''
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    for x, y in micro_batches:
        loss = loss_fn(ddp_model(x), y) / len(micro_batches)
        loss.backward()
''',
}
LOSES = {
    "accumulate_gradients_one_allreduce": "no_sync",
}
