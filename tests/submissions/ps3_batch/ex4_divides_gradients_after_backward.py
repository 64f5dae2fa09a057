"""accumulate_gradients backpropagates the undivided micro-batch losses (no_sync on all but the last) and divides
the gradients by the number of micro-batches afterwards: the right .grad and one all-reduce, but the exercise
asks to divide each micro-batch's loss before its backward (DDP all-reduced k times the rank's gradient)."""

CELLS = {
    "accumulate_gradients": '''
def accumulate_gradients(ddp_model, loss_fn, micro_batches):
    """Accumulate the gradient of all `micro_batches` in `.grad`, all-reducing once (on the last one)."""
    k = len(micro_batches)
    for i, (x, y) in enumerate(micro_batches):
        if i < k - 1:
            with ddp_model.no_sync():
                loss_fn(ddp_model(x), y).backward()
        else:
            loss_fn(ddp_model(x), y).backward()
    for p in ddp_model.parameters():       # the sum of k mean gradients -> their mean
        if p.grad is not None:
            p.grad /= k
''',
}
LOSES = {
    "accumulate_gradients_match_large_batch": "divide each micro-batch's loss by the number of micro-batches before its backward",
}
