"""train_with_loss_scaling clips the gradients while they are still scaled and calls scaler.step, which unscales
after: the clip measures norms 2**10 times too large and every step is far too small."""

CELLS = {
    'mixed_precision_loss_scaling': '''
def train_with_loss_scaling(model, optimizer, batches, max_norm, init_scale, growth_interval):
    """fp16 autocast steps with dynamic loss scaling and clipping; returns the scale after each step."""
    scaler = torch.amp.GradScaler("cpu", init_scale=init_scale, growth_interval=growth_interval)
    scales = []
    for x, y in batches:
        optimizer.zero_grad()
        with torch.autocast("cpu", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        scaler.step(optimizer)                       # skipped if a gradient is inf or nan
        scaler.update()                              # halve after an overflow, double after growth_interval good steps
        scales.append(scaler.get_scale())
    return scales
''',
}
LOSES = {
    'mixed_precision_loss_scaling_matches_reference': 'still multiplied by the scale',
}
