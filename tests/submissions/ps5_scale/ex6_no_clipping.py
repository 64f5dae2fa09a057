"""train_with_loss_scaling unscales, skips and adjusts the scale right, but never clips the gradients to
max_norm."""

CELLS = {
    'mixed_precision_loss_scaling': '''
def train_with_loss_scaling(model, optimizer, batches, max_norm, init_scale, growth_interval):
    scaler = torch.amp.GradScaler("cpu", init_scale=init_scale, growth_interval=growth_interval)
    scales = []
    for x, y in batches:
        optimizer.zero_grad()
        with torch.autocast("cpu", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        scales.append(scaler.get_scale())
    return scales
''',
}
LOSES = {
    'mixed_precision_loss_scaling_matches_reference': 'not clipped to max_norm',
}
