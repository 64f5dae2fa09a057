"""load_state_anywhere strips the prefix in place, changing the caller's checkpoint dict."""

CELLS = {
    "load_state_anywhere": '''
def load_state_anywhere(model, state_dict):
    consume_prefix_in_state_dict_if_present(state_dict, "module.")
    target = model.module if isinstance(model, (DDP, nn.DataParallel)) else model
    target.load_state_dict(state_dict)
    return model
''',
}
LOSES = {
    "load_state_anywhere_all_directions": "modified",
}
