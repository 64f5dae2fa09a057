"""bytes_per_parameter stores Adam's two moments in the training precision (2 bytes each in fp16 and bf16)."""

CELLS = {
    'mixed_precision_bytes': '''
def bytes_per_parameter(precision):
    if precision == "fp32":
        return {"weights": 4, "gradients": 4, "master_weights": 0, "adam_moments": 8}
    return {"weights": 2, "gradients": 2, "master_weights": 4, "adam_moments": 2 * 2}
''',
}
LOSES = {
    'mixed_precision_bytes_per_parameter': "Adam's two moments stay fp32",
}
