"""bytes_per_parameter counts torch.amp's layout (fp32 weights and gradients, autocast copies on the fly) instead
of the mixed-precision layout ZeRO counts (16-bit weights and gradients plus an fp32 master copy)."""

CELLS = {
    'mixed_precision_bytes': '''
def bytes_per_parameter(precision):
    # autocast keeps the parameters and their .grad in fp32 and casts in the forward pass
    if precision == "fp32":
        return {"weights": 4, "gradients": 4, "master_weights": 0, "adam_moments": 8}
    return {"weights": 4, "gradients": 4, "master_weights": 4, "adam_moments": 8}
''',
}
LOSES = {
    'mixed_precision_bytes_per_parameter': "the layout of Micikevicius et al. that ZeRO counts",
}
