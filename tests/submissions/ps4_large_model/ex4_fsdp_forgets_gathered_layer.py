"""FSDP counted as a perfect 1/n shard: forgets the layer gathered in full while it runs.
The solution's strategies_that_fit, built on this per_rank_bytes, keeps its points: one mistake, one cell."""

CELLS = {
    "per_rank_bytes": '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    b, P, A, n = bytes_per_param, num_params, activation_bytes, world_size
    if strategy == "single":
        return b * P + A
    if strategy == "ddp":
        return b * P + 4 * P + A / n
    if strategy in ("pipeline", "fsdp"):
        return (b * P + A) / n
    raise ValueError(f"unknown strategy {strategy}")
''',
}
LOSES = {
    "per_rank_bytes_by_strategy": "gathers the largest layer",
}
