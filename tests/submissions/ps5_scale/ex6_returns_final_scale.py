"""train_with_loss_scaling trains right but returns only the final scale, not the list of the scale after each
step."""

CELLS = {
    'mixed_precision_loss_scaling': '''
def train_with_loss_scaling(model, optimizer, batches, max_norm, init_scale, growth_interval):
    scaler = torch.amp.GradScaler("cpu", init_scale=init_scale, growth_interval=growth_interval)
    for x, y in batches:
        optimizer.zero_grad()
        with torch.autocast("cpu", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        scaler.step(optimizer)
        scaler.update()
    return scaler.get_scale()
''',
}
LOSES = {
    'mixed_precision_loss_scaling_matches_reference': 'return a list of the',
}
