"""Stage split with len(model) // num_stages layers per stage: the leftover layers belong to no stage."""

CELLS = {
    "split_layers": '''
def split_layers(model, num_stages):
    if num_stages < 1 or num_stages > len(model):
        raise ValueError("bad number of stages")
    per_stage = len(model) // num_stages
    return [model[i * per_stage:(i + 1) * per_stage] for i in range(num_stages)]
''',
}
LOSES = {
    "split_layers_complete_contiguous": "lost a layer",
}
