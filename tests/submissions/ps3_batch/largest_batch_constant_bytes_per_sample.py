"""saved_activation_bytes never runs the model: 120 bytes a sample (the visible test's MLP), whatever the model,
and largest_batch divides the budget by it. Within a factor 8 of what the small models save, but not of a wide
one (about 150 times more a sample): largest_batch is then judged against the measurement and loses."""

CELLS = {
    "largest_batch": '''
def saved_activation_bytes(model, x):
    return 120 * x.shape[0]


def largest_batch(model, sample_shape, budget_bytes):
    saved_activation_bytes  # named here, so that the grader hands it over with this function
    if budget_bytes < 120:
        raise ValueError("not even batch 1 fits the budget")
    return budget_bytes // 120
''',
}
LOSES = {
    "largest_batch_fits_budget": "far from what a sample saves",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
