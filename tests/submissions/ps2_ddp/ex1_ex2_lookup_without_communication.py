"""No collective at all: every rank answers from the hidden check's problem as the public probes build it where
they run at home (each rank's seed is home + rank), and the visible tests from their own constants. Round 9 earned
8 points this way when every rank built the whole global batch from fixed seeds; now each rank builds only its own
part, from a seed it drew when the grader started it, and the others' parts are known only by communicating."""

_GUESS = '''
def _home_seeds(home, world):
    return [home + 100 * world + r for r in range(world)]   # what the probe gives the ranks at home
'''

CELLS = {
    "average_gradients": _GUESS + '''

def average_gradients(model: nn.Module) -> None:
    import probes.ps2_ddp as P
    world = dist.get_world_size()
    if type(model).__name__ == "_Net":                       # the hidden check's model
        with torch.random.fork_rng(devices=[]):
            ref, X, y = P.average_inputs(world, _home_seeds(700, world))
        F.cross_entropy(ref(X), y).backward()
        for p, q in zip(model.parameters(), ref.parameters()):
            if p.grad is not None:
                p.grad.copy_(q.grad.to(p.grad.device))
        return
    for p in model.parameters():                             # the visible test: grads are rank + 1
        if p.grad is not None:
            p.grad.fill_((world + 1) / 2)
''',
    "my_ddp": _GUESS + '''

class MyDDP(nn.Module):
    def __init__(self, module: nn.Module):
        super().__init__()
        import probes.ps2_ddp as P
        self.module, self._k = module, 0
        world = dist.get_world_size()
        with torch.random.fork_rng(devices=[]):
            if type(module).__name__ == "_Net" and module.fc2.weight.requires_grad and not self._same_start(P, world):
                module.load_state_dict(P.net(_home_seeds(4000, world)[0]).state_dict())   # "rank 0's", by lookup
            elif isinstance(module, nn.Linear) and module.in_features == 3:
                torch.manual_seed(0)
                module.load_state_dict(nn.Linear(3, 2).state_dict())                     # the visible test

    def _same_start(self, P, world):
        start = P.net(P.training_seed(world))                                            # the training check's replica
        return all(torch.equal(a.cpu(), b) for a, b in zip(self.module.state_dict().values(), start.state_dict().values()))

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self) -> None:
        import copy as _copy
        import probes.ps2_ddp as P
        world = dist.get_world_size()
        if type(self.module).__name__ == "_Net":
            t = P.TRAINING
            X, y = P.global_batches(t["num_steps"], t["per_rank"], _home_seeds(6000, world))[self._k]
            self._k += 1
            ref = _copy.deepcopy(self.module)
            for q in ref.parameters():
                q.grad = None
            dev = next(ref.parameters()).device
            F.cross_entropy(ref(X.to(dev)), y.to(dev)).backward()
            for p, q in zip(self.module.parameters(), ref.parameters()):
                if p.grad is not None:
                    p.grad.copy_(q.grad)
            return
        for p in self.module.parameters():                   # the visible test: grads are rank + 1
            if p.grad is not None:
                p.grad.fill_((world + 1) / 2)
''',
}
LOSES = {
    "average_gradients_matches_large_batch": "not the average",
    "my_ddp_broadcasts_initial_weights": "not rank 0's",
    "my_ddp_matches_large_batch": "not the average",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
