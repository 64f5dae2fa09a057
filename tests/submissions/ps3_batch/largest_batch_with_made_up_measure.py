"""largest_batch returns the budget itself, beside a saved_activation_bytes redefined as the batch size (it
grows linearly with the batch, so the budgets built from it agree with the answer). No measurement, no search:
both exercises lose, the second with a message that sends the student to the first."""

CELLS = {
    "largest_batch": '''
def saved_activation_bytes(model, x):
    return int(x.shape[0])


def largest_batch(model, sample_shape, budget_bytes):
    saved_activation_bytes  # named here, so that the grader hands it over with this function
    if budget_bytes < 1:
        raise ValueError("not even batch 1 fits the budget")
    return int(budget_bytes)
''',
}
LOSES = {
    "largest_batch_fits_budget": "far from what a sample saves",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
