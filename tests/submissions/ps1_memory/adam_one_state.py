"""Counted one optimizer buffer per parameter (momentum or exp_avg), so Adam's second moment is missing."""

CELLS = {
    "training_memory": '''
def training_memory(model, optimizer):
    def size(t):
        return t.numel() * t.element_size()
    weights = sum(size(p) for p in model.parameters())
    gradients = sum(size(p.grad) for p in model.parameters() if p.grad is not None)
    state = 0
    for per_param in optimizer.state.values():
        buf = per_param.get("momentum_buffer", per_param.get("exp_avg"))
        if buf is not None:
            state += size(buf)
    return {"weights": weights, "gradients": gradients, "optimizer_state": state,
            "total": weights + gradients + state}
''',
}
LOSES = {
    "training_memory_counts_tensors": "TWO tensors per parameter",
}
