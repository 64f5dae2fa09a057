"""load_state_anywhere ignores the checkpoint it is given and loads the public probe's net(1) instead (round 12,
a05): the check's checkpoints came from a fixed public seed, so the judge's expected weights were known to anyone
with the kit. Now the checkpoint's model is built from a seed drawn per grading, and loading net(1) gives weights
that are not the checkpoint's."""

CELLS = {
    "load_state_anywhere": '''
def load_state_anywhere(model: nn.Module, state_dict: dict) -> nn.Module:
    from probes.ps2_ddp import net
    inner = getattr(model, "module", model)
    if isinstance(inner, nn.Linear) and tuple(inner.weight.shape) == (2, 3):  # the visible test: seed 0's Linear(3, 2)
        state = torch.random.get_rng_state()
        torch.manual_seed(0)
        inner.load_state_dict(nn.Linear(3, 2).state_dict())
        torch.random.set_rng_state(state)
        return model
    if "weight" in state_dict:  # the hidden check's one wrong checkpoint: nn.Linear(5, 8)
        raise RuntimeError("not a checkpoint of this model")
    with torch.random.fork_rng(devices=[]):
        inner.load_state_dict(net(1).to(next(inner.parameters()).device).state_dict())
    return model
''',
}
LOSES = {
    "load_state_anywhere_all_directions": "did not give the checkpoint's weights",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
