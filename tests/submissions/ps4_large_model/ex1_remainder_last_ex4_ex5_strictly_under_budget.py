"""Gives the leftover layers to the last stage, and reads "fits the budget" as strictly under it (in both
strategies_that_fit and choose_strategy); per_rank_bytes returns None for an unknown strategy."""

CELLS = {
    "split_layers": '''
def split_layers(model, num_stages):
    if num_stages < 1 or num_stages > len(model):
        raise ValueError(f"cannot split {len(model)} layers into {num_stages} stages")
    per_stage = len(model) // num_stages
    stages = [model[i * per_stage:(i + 1) * per_stage] for i in range(num_stages - 1)]
    stages.append(model[(num_stages - 1) * per_stage:])    # the last stage takes what is left
    return stages
''',
    "per_rank_bytes": '''
STRATEGIES = ("single", "ddp", "pipeline", "fsdp")

def per_rank_bytes(strategy, num_params, activation_bytes, world_size, largest_layer_params=0, bytes_per_param=16):
    b, P, A, n, L = bytes_per_param, num_params, activation_bytes, world_size, largest_layer_params
    if strategy == "single":
        return b * P + A
    if strategy == "ddp":
        return b * P + 4 * P + A / n
    if strategy == "pipeline":
        return b * P / n + A / n
    if strategy == "fsdp":
        return b * P / n + A / n + 8 * L
    return None
''',
    "strategies_that_fit": '''
def strategies_that_fit(num_params, activation_bytes, world_size, budget, largest_layer_params=0, bytes_per_param=16):
    return [s for s in STRATEGIES
            if per_rank_bytes(s, num_params, activation_bytes, world_size, largest_layer_params, bytes_per_param) < budget]
''',
    "choose_strategy": '''
def choose_strategy(table, budget):
    fitting = [(row["step_seconds"], max(row["peak_bytes"]), name)
               for name, row in table.items() if max(row["peak_bytes"]) < budget]
    return min(fitting)[2] if fitting else None
''',
}
LOSES = {
    "split_layers_complete_contiguous": "one layer more",
    "per_rank_bytes_by_strategy": "returned without raising",
    "strategies_that_fit_budget": "exactly the budget fits",
    "choose_strategy_worst_rank": "exactly at the budget",
}
