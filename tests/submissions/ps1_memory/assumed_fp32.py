"""Multiplied element counts by 4 bytes instead of each tensor's element_size(): wrong for bfloat16."""

CELLS = {
    "training_memory": '''
def training_memory(model, optimizer):
    weights = 4 * sum(p.numel() for p in model.parameters())
    gradients = 4 * sum(p.grad.numel() for p in model.parameters() if p.grad is not None)
    state = 4 * sum(v.numel() for s in optimizer.state.values() for v in s.values() if torch.is_tensor(v))
    return {"weights": weights, "gradients": gradients, "optimizer_state": state,
            "total": weights + gradients + state}
''',
}
LOSES = {
    "training_memory_counts_tensors": "bfloat16",
}
