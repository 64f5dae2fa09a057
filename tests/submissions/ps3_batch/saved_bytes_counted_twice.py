"""Summed the size of every saved tensor, so a layer's output that the next layer saves again is counted twice."""

CELLS = {
    "saved_activation_bytes": '''
def saved_activation_bytes(model, x):
    """Bytes of the distinct storages autograd saves for backward during model(x), parameters and buffers excluded."""
    params = {p.data_ptr() for p in model.parameters()} | {b.data_ptr() for b in model.buffers()}
    total = 0

    def pack(t):
        nonlocal total
        if t.data_ptr() not in params:
            total += t.numel() * t.element_size()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        model(x)
    return total
''',
}
LOSES = {
    "saved_activation_bytes_values": "more than once",
}
