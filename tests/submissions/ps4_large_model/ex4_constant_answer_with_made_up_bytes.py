"""strategies_that_fit returns a constant list, beside a per_rank_bytes made up to agree with it (nothing for
pipeline and FSDP, 1e18 bytes for the others, whatever the model). Those bytes discriminate, but they are no
count of memory: the answer is judged against the real bytes and loses, as does per_rank_bytes."""

CELLS = {
    "per_rank_bytes": '''
def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    if strategy not in ("single", "ddp", "pipeline", "fsdp"):
        raise ValueError(f"unknown strategy {strategy!r}")
    return 0.0 if strategy in ("pipeline", "fsdp") else 1e18
''',
    "strategies_that_fit": '''
def strategies_that_fit(num_params, activation_bytes, world_size, budget, largest_layer_params=0, bytes_per_param=16):
    per_rank_bytes  # named here, so that the grader hands it over with this function
    return ["pipeline", "fsdp"]
''',
}
LOSES = {
    "per_rank_bytes_by_strategy": "per_rank_bytes('single'",
    "strategies_that_fit_budget": "strategies_that_fit(",
}
