"""split_model skips the layer at the cut (model[cut + 1:]) and forgets to check the cut."""

CELLS = {
    "split_model": '''
def split_model(model, cut):
    return model[:cut], model[cut + 1:]
''',
}
LOSES = {
    "split_model_stages": "lost",
}
