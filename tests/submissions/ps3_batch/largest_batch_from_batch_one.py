"""Divided the budget by the activation memory of batch 1, ignoring the part that does not grow with the batch."""

CELLS = {
    "largest_batch": '''
def largest_batch(model, sample_shape, budget_bytes):
    """Largest batch whose saved activations fit in `budget_bytes` (measured with saved_activation_bytes)."""
    per_sample = saved_activation_bytes(model, torch.zeros(1, *sample_shape))
    if per_sample > budget_bytes:
        raise ValueError("not even one sample fits")
    return budget_bytes // per_sample
''',
}
LOSES = {
    "largest_batch_fits_budget": "does not grow with the batch",
}
