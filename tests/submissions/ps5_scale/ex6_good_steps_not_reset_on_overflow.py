"""train_with_loss_scaling keeps counting good steps across an overflow, so the scale grows too early after one."""

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
            p.grad /= scale
        finite = all(torch.isfinite(p.grad).all() for p in model.parameters())
        if finite:
            nn.utils.clip_grad_norm_(model.parameters(), max_norm)
            optimizer.step()
            good += 1
            if good == growth_interval:
                scale, good = scale * 2, 0
        else:
            scale = scale / 2
        scales.append(scale)
    return scales
''',
}
LOSES = {
    'mixed_precision_loss_scaling_matches_reference': 'starts again from 0',
}
