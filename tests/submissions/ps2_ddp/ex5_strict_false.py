"""load_state_anywhere strips the prefix but loads with strict=False (a wrong checkpoint loads silently)."""

CELLS = {
    "load_state_anywhere": '''
def load_state_anywhere(model, state_dict):
    target = model.module if hasattr(model, "module") else model
    clean = {k[len("module."):] if k.startswith("module.") else k: v for k, v in state_dict.items()}
    target.load_state_dict(clean, strict=False)
    return model
''',
}
LOSES = {
    "load_state_anywhere_all_directions": "strict=True",
}
