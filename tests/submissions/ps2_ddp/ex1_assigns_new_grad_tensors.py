"""average_gradients gathers every rank's gradient and assigns the mean as a new tensor (`param.grad = ...`):
the right values, but the docstring asks for each .grad to be replaced in place."""

CELLS = {
    "average_gradients": '''
def average_gradients(model):
    world = dist.get_world_size()
    for param in model.parameters():
        if param.grad is None:
            continue
        copies = [torch.empty_like(param.grad) for _ in range(world)]
        dist.all_gather(copies, param.grad)
        param.grad = torch.stack(copies).mean(dim=0)
''',
}
LOSES = {
    "average_gradients_matches_large_batch": "replace each .grad in place",
}
