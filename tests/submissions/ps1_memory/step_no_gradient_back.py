"""Forward only across ranks: rank 1 never sends the activation's gradient back, so stage 0 gets none."""

CELLS = {
    "two_stage_step": '''
def two_stage_step(stage, batch, target, loss_fn, activation_shape):
    device = next(stage.parameters()).device
    if dist.get_rank() == 0:
        dist.send(stage(batch).detach(), dst=1)
        return None
    act = torch.empty(activation_shape, device=device)
    dist.recv(act, src=0)
    loss = loss_fn(stage(act), target)
    loss.backward()
    return loss.item()
''',
}
LOSES = {
    "two_stage_step_matches_whole_model": "no gradient flowed back",
}
