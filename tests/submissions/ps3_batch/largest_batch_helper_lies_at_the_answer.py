"""An exact saved_activation_bytes that says batch 3 saves nothing and batch 4 saves 10**15 bytes, and a
largest_batch that returns 3 whatever the budget: re-measured at the answer, 3 "fits" and 4 does not. The
grader judges at the batches it picks, from the measurement of batches 1 and 2: largest_batch loses."""

CELLS = {
    "largest_batch": '''
def saved_activation_bytes(model, x):
    if x.shape[0] == 3:
        return 0
    if x.shape[0] == 4:
        return 10**15
    fixed = {t.untyped_storage().data_ptr() for t in list(model.parameters()) + list(model.buffers())}
    sizes = {}

    def pack(t):
        ptr = t.untyped_storage().data_ptr()
        if ptr not in fixed:
            sizes[ptr] = t.untyped_storage().nbytes()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        model(x)
    return sum(sizes.values())


def largest_batch(model, sample_shape, budget_bytes):
    if saved_activation_bytes(model, torch.zeros(1, *sample_shape)) > budget_bytes:
        raise ValueError("not even batch 1 fits the budget")
    return 3
''',
}
LOSES = {
    "largest_batch_fits_budget": "also fits",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
