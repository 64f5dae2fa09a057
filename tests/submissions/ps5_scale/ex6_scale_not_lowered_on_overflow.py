"""train_with_loss_scaling skips the step whose gradients overflow but keeps the scale as it was: it only ever
doubles it."""

CELLS = {
    'mixed_precision_loss_scaling': '''
def train_with_loss_scaling(model, optimizer, batches, max_norm, init_scale, growth_interval):
    scale, good, scales = init_scale, 0, []
    for x, y in batches:
        optimizer.zero_grad()
        with torch.autocast("cpu", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        (loss * scale).backward()
        for p in model.parameters():
            p.grad.div_(scale)
        if any(not torch.isfinite(p.grad).all() for p in model.parameters()):
            good = 0          # overflow: skip this step
        else:
            nn.utils.clip_grad_norm_(model.parameters(), max_norm)
            optimizer.step()
            good += 1
            if good == growth_interval:
                scale *= 2
                good = 0
        scales.append(scale)
    return scales
''',
}
LOSES = {
    'mixed_precision_loss_scaling_matches_reference': 'not halved after the step whose gradients overflowed',
}
