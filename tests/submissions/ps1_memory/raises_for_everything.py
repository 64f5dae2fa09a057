"""Input checks with nothing behind them: both functions raise ValueError whatever they are given, which passed
the bad-input cells on their own (found by an attack on the grader). Valid input at the edges must not raise."""

CELLS = {
    "per_device_memory": '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    raise ValueError(f"cannot compute per-device memory for {strategy!r} on {num_devices} devices")
''',
    "partition_layers": '''
def partition_layers(costs, k):
    raise ValueError(f"cannot split {len(costs)} layers into {k} stages")
''',
}
LOSES = {
    "per_device_memory_formulas": "your code raised ValueError",
    "per_device_memory_bad_input": "but that is valid input",
    "partition_layers_optimal": "your code raised ValueError",
    "partition_layers_bad_input": "but that is valid input",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
