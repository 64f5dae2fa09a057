"""Believes seed 004: DDP's per-rank memory is the model's state divided by the number of ranks."""

CELLS = {
    "per_rank_bytes": '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    state = bytes_per_param * num_params
    if strategy == "single":
        return state + activation_bytes
    if strategy == "ddp":
        return state / world_size + activation_bytes / world_size     # "the model is split across GPUs"
    if strategy == "pipeline":
        return state / world_size + activation_bytes / world_size
    if strategy == "fsdp":
        return state / world_size + activation_bytes / world_size + 8 * largest_layer_params
    raise ValueError(strategy)
''',
}
LOSES = {
    "per_rank_bytes_by_strategy": "DDP replicates the model",
    "strategies_that_fit_budget": "DDP replicates the model",
}
