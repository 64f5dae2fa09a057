"""Input checks with nothing behind them that know the published valid cases: both functions raise ValueError
for everything except the valid inputs the probe publishes, for which they return a number (found by the
third round of attacks on the grader). The cases drawn afresh in each grading catch them."""

CELLS = {
    "per_device_memory": '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if (num_params, num_devices, strategy) in [(1000, 1, "ddp"), (1000, 4, "fsdp")]:
        return {"weights": 2000, "gradients": 2000, "optimizer_state": 12000, "total": 16000}
    raise ValueError(f"cannot compute per-device memory for {strategy!r} on {num_devices} devices")
''',
    "partition_layers": '''
def partition_layers(costs, k):
    if (list(costs), k) in [([1, 2, 3], 3), ([5], 1)]:
        return [[i] for i in range(len(costs))]
    raise ValueError(f"cannot split {len(costs)} layers into {k} stages")
''',
}
LOSES = {
    "per_device_memory_formulas": "your code raised ValueError",
    "per_device_memory_bad_input": "drawn for this grading",
    "partition_layers_optimal": "your code raised ValueError",
    "partition_layers_bad_input": "drawn for this grading",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
