"""train_with_loss_scaling scales the loss and checks for overflow, but never divides the gradients by the scale:
the optimizer steps on gradients init_scale times too large (the clip hides part of it)."""

CELLS = {
    'mixed_precision_loss_scaling': '''
def train_with_loss_scaling(model, optimizer, batches, max_norm, init_scale, growth_interval):
    scale, good, scales = init_scale, 0, []
    for x, y in batches:
        optimizer.zero_grad()
        with torch.autocast("cpu", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        (loss * scale).backward()
        if all(torch.isfinite(p.grad).all() for p in model.parameters()):
            nn.utils.clip_grad_norm_(model.parameters(), max_norm)
            optimizer.step()
            good += 1
            if good == growth_interval:
                scale, good = scale * 2, 0
        else:
            scale, good = scale / 2, 0
        scales.append(scale)
    return scales
''',
}
LOSES = {
    'mixed_precision_loss_scaling_matches_reference': 'never divided by the scale',
}
