"""strategies_that_fit returns every strategy without asking what each needs, beside a per_rank_bytes that
says every strategy needs nothing: agreeing with its own (useless) per_rank_bytes earns nothing, since
those bytes test no filtering. Loses both exercises."""

CELLS = {
    "per_rank_bytes": '''
def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    if strategy not in ("single", "ddp", "pipeline", "fsdp"):
        raise ValueError(f"unknown strategy {strategy!r}")
    return 0
''',
    "strategies_that_fit": '''
def strategies_that_fit(num_params, activation_bytes, world_size, budget, largest_layer_params=0, bytes_per_param=16):
    return ["single", "ddp", "pipeline", "fsdp"]
''',
}
LOSES = {
    "per_rank_bytes_by_strategy": "per_rank_bytes('single'",
    "strategies_that_fit_budget": "needs more bytes per rank than the budget",
}
