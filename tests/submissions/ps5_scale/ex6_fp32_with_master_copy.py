"""bytes_per_parameter gives fp32 training an fp32 master copy of the weights too, as if every precision kept
one."""

CELLS = {
    'mixed_precision_bytes': '''
def bytes_per_parameter(precision):
    size = {"fp32": 4, "fp16": 2, "bf16": 2}[precision]
    return {"weights": size, "gradients": size, "master_weights": 4, "adam_moments": 8}
''',
}
LOSES = {
    'mixed_precision_bytes_per_parameter': 'there is no separate master copy',
}
