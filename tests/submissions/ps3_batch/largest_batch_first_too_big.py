"""Searched upwards for the batch that exceeds the budget and returned it instead of the one before."""

CELLS = {
    "largest_batch": '''
def largest_batch(model, sample_shape, budget_bytes):
    """Largest batch whose saved activations fit in `budget_bytes` (measured with saved_activation_bytes)."""
    if saved_activation_bytes(model, torch.zeros(1, *sample_shape)) > budget_bytes:
        raise ValueError("batch 1 does not fit")
    batch = 1
    while saved_activation_bytes(model, torch.zeros(batch, *sample_shape)) <= budget_bytes:
        batch += 1
    return batch
''',
}
LOSES = {
    "largest_batch_fits_budget": "not the first that does not",
}
