"""Warmup counts steps from 1: the first step already takes a step towards the target LR."""

CELLS = {
    "warmup_lr": '''
def warmup_lr(step, base_lr, target_lr, warmup_steps):
    """LR at optimizer step `step` (from 0): linear from base_lr (step 0) to target_lr (step warmup_steps), then constant."""
    if warmup_steps == 0:
        return target_lr
    fraction = min((step + 1) / warmup_steps, 1.0)
    return base_lr + fraction * (target_lr - base_lr)
''',
}
LOSES = {
    "warmup_lr_schedule": "step 0",
}
