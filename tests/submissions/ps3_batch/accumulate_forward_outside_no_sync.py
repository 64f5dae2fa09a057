"""Put only the backward of the early micro-batches inside no_sync(): their forward ran outside, so DDP still all-reduced each one."""

CELLS = {
    "accumulate_gradients": '''
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    last = len(micro_batches) - 1
    for i, (x, y) in enumerate(micro_batches):
        loss = loss_fn(ddp_model(x), y) / len(micro_batches)
        if i < last:
            with ddp_model.no_sync():
                loss.backward()
        else:
            loss.backward()
''',
}
LOSES = {
    "accumulate_gradients_one_allreduce": "whose forward ran outside it",
}
