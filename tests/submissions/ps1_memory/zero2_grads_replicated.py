"""ZeRO-2 treated like ZeRO-1: only the optimizer state sharded, the gradients kept whole."""

CELLS = {
    "per_device_memory": '''
STRATEGIES = ("ddp", "pipeline", "zero1", "zero2", "zero3", "fsdp")


def per_device_memory(num_params, num_devices, strategy, weight_bytes=2, grad_bytes=2, state_bytes=12):
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy}")
    if not isinstance(num_devices, int) or num_devices < 1:
        raise ValueError("num_devices must be a positive int")
    if num_params < 0:
        raise ValueError("num_params must be >= 0")
    shard = math.ceil(num_params / num_devices)
    w = g = s = num_params
    if strategy in ("pipeline", "zero3", "fsdp"):
        w = g = s = shard
    elif strategy in ("zero1", "zero2"):
        s = shard
    out = {"weights": w * weight_bytes, "gradients": g * grad_bytes, "optimizer_state": s * state_bytes}
    out["total"] = sum(out.values())
    return out
''',
}
LOSES = {
    "per_device_memory_formulas": "ZeRO-2 shards the gradients",
}
