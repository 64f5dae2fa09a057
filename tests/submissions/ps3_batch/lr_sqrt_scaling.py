"""Scaled the learning rate by the square root of the batch ratio instead of linearly."""

CELLS = {
    "scale_lr": '''
def scale_lr(base_lr, base_batch, global_batch):
    """Learning rate for `global_batch` by the linear scaling rule, given `base_lr` tuned for `base_batch`."""
    return base_lr * math.sqrt(global_batch / base_batch)
''',
}
LOSES = {
    "scale_lr_linear_rule": "square-root",
}
