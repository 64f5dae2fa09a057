"""Divided by num_devices exactly (no padding of the last shard) and never validated the input."""

CELLS = {
    "per_device_memory": '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")

_SHARDED = {"ddp": "", "pipeline": "wgs", "zero1": "s", "zero2": "gs", "zero3": "wgs", "fsdp": "wgs"}


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    sharded = _SHARDED.get(strategy, "")
    def part(letter, nbytes):
        return num_params * nbytes / (num_devices if letter in sharded else 1)
    out = {"weights": part("w", weight_bytes), "gradients": part("g", grad_bytes),
           "optimizer_state": part("s", state_bytes)}
    out["total"] = sum(out.values())
    return out
''',
}
LOSES = {
    "per_device_memory_formulas": "ceil(",
    "per_device_memory_bad_input": "asks for a ValueError",
}
