"""Kept the single-device learning rate for the larger global batch."""

CELLS = {
    "scale_lr": '''
def scale_lr(base_lr, base_batch, global_batch):
    """Learning rate for `global_batch` by the linear scaling rule, given `base_lr` tuned for `base_batch`."""
    return base_lr
''',
}
LOSES = {
    "scale_lr_linear_rule": "not scaled",
}
