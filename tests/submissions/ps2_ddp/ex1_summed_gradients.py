"""Summed the gradients with all_reduce and forgot to divide by the world size."""

CELLS = {
    "average_gradients": '''
def average_gradients(model):
    for p in model.parameters():
        if p.grad is not None:
            dist.all_reduce(p.grad)
''',
}
LOSES = {
    "average_gradients_matches_large_batch": "summed",
}
