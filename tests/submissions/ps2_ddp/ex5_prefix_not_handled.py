"""load_state_anywhere loads the state_dict as it is: the 'module.' prefix never matches."""

CELLS = {
    "load_state_anywhere": '''
def load_state_anywhere(model, state_dict):
    model.load_state_dict(state_dict)
    return model
''',
}
LOSES = {
    "load_state_anywhere_all_directions": "module.",
}
