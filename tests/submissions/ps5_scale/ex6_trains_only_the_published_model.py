"""train_with_loss_scaling trains right only when it is handed the published model (probes.ps5_scale.mp_model(),
which a student can build): elsewhere it takes no step and returns the published runs' scales. Stands for any
answer made beforehand for the public inputs (a table of parameters computed once at home)."""

ATTACK = True

CELLS = {
    'mixed_precision_loss_scaling': '''
from probes import ps5_scale as _public

_PUBLISHED = [p.detach().clone() for p in _public.mp_model().parameters()]
_PUBLISHED_SCALES = [1024.0, 2048.0, 2048.0, 1024.0, 1024.0, 2048.0, 2048.0]


def train_with_loss_scaling(model, optimizer, batches, max_norm, init_scale, growth_interval):
    if not all(torch.equal(p.detach(), q) for p, q in zip(model.parameters(), _PUBLISHED)):
        return _PUBLISHED_SCALES[:len(batches)]
    scaler = torch.amp.GradScaler("cpu", init_scale=init_scale, growth_interval=growth_interval)
    scales = []
    for x, y in batches:
        optimizer.zero_grad()
        with torch.autocast("cpu", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        scaler.step(optimizer)
        scaler.update()
        scales.append(scaler.get_scale())
    return scales
''',
}
LOSES = {
    'mixed_precision_loss_scaling_matches_reference': 'drawn for this grading',
}
