"""Counted every saved tensor once, parameters included (they do not grow with the batch)."""

CELLS = {
    "saved_activation_bytes": '''
def saved_activation_bytes(model, x):
    """Bytes of the distinct storages autograd saves for backward during model(x), parameters and buffers excluded."""
    storages = {}

    def pack(t):
        storages[t.untyped_storage().data_ptr()] = t.untyped_storage().nbytes()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        model(x)
    return sum(storages.values())
''',
}
LOSES = {
    "saved_activation_bytes_values": "parameters",
}
