"""split_model deep-copies the layers, so the stages train copies and `model` never learns."""

CELLS = {
    "split_model": '''
import copy


def split_model(model, cut):
    if not 1 <= cut < len(model):
        raise ValueError("cut out of range")
    layers = [copy.deepcopy(layer) for layer in model]
    return nn.Sequential(*layers[:cut]), nn.Sequential(*layers[cut:])
''',
}
LOSES = {
    "split_model_stages": "copy",
}
