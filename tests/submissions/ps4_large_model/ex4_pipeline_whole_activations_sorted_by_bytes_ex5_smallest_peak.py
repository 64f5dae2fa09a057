"""Gives every pipeline stage the whole batch's activations, lists the strategies that fit from the
smallest to the largest, and picks the strategy with the most memory to spare instead of the fastest."""

CELLS = {
    "per_rank_bytes": '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    b, P, A, n, L = bytes_per_param, num_params, activation_bytes, world_size, largest_layer_params
    if strategy == "single":
        return b * P + A
    if strategy == "ddp":
        return b * P + 4 * P + A / n
    if strategy == "pipeline":
        return b * P / n + A                                 # every stage sees the whole batch
    if strategy == "fsdp":
        return b * P / n + A / n + 8 * L
    raise ValueError(f"unknown strategy {strategy!r}")
''',
    "strategies_that_fit": '''
def strategies_that_fit(num_params, activation_bytes, world_size, budget, largest_layer_params=0, bytes_per_param=16):
    need = {s: per_rank_bytes(s, num_params, activation_bytes, world_size, largest_layer_params, bytes_per_param)
            for s in STRATEGIES}
    return sorted((s for s in STRATEGIES if need[s] <= budget), key=need.get)   # cheapest first
''',
    "choose_strategy": '''
def choose_strategy(table, budget):
    fitting = {name: max(row["peak_bytes"]) for name, row in table.items() if max(row["peak_bytes"]) <= budget}
    return min(fitting, key=fitting.get) if fitting else None              # the most headroom
''',
}
LOSES = {
    "per_rank_bytes_by_strategy": "half of everything",
    "strategies_that_fit_budget": "in the order of STRATEGIES",
    "choose_strategy_worst_rank": "not the fastest strategy that fits",
}
