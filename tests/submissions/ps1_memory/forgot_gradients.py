"""Counted weights and optimizer state but forgot the gradients (a .grad per trainable parameter)."""

CELLS = {
    "training_memory": '''
def training_memory(model, optimizer):
    weights = sum(p.numel() * p.element_size() for p in model.parameters())
    state = 0
    for per_param in optimizer.state.values():
        for value in per_param.values():
            if torch.is_tensor(value):
                state += value.numel() * value.element_size()
    return {"weights": weights, "gradients": 0, "optimizer_state": state, "total": weights + state}
''',
}
LOSES = {
    "training_memory_counts_tensors": "forgot the gradients",
}
