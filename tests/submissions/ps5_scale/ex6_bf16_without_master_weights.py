"""bytes_per_parameter counts no fp32 master copy for bf16 (only fp16 'needs' one), 12 bytes a parameter."""

CELLS = {
    'mixed_precision_bytes': '''
def bytes_per_parameter(precision):
    sizes = {"fp32": 4, "fp16": 2, "bf16": 2}
    if precision not in sizes:
        raise ValueError(f"unknown precision {precision!r}")
    w = sizes[precision]
    master = 4 if precision == "fp16" else 0
    return {"weights": w, "gradients": w, "master_weights": master, "adam_moments": 8}
''',
}
LOSES = {
    'mixed_precision_bytes_per_parameter': 'bf16 training keeps fp32 master weights',
}
