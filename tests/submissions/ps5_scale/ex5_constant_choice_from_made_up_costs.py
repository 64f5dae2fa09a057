"""layout_costs returns one made-up figure for every layout, and choose_layout answers "DP" whenever 16 bytes a
parameter spread over the devices fit, else None, without comparing anything (round 17's attack, both testers)."""

ATTACK = True

CELLS = {
    'choose_layout': '''
import math

BYTES = {"fp32 Adam": (4, 4, 8), "mixed-precision Adam": (2, 2, 12)}   # w, g, K: bytes per parameter
LAYOUTS = ("DP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "TP", "PP")             # a tie goes to the earlier one


def layout_costs(model, cluster, precision="mixed-precision Adam"):
    """The same guess for every layout."""
    memory = 16 * model["params"] / cluster["devices"]
    seconds = model["params"] / cluster["between_nodes"]
    return {name: {"memory": memory, "sent": seconds * cluster["between_nodes"], "seconds": seconds} for name in LAYOUTS}


def choose_layout(model, cluster, precision="mixed-precision Adam"):
    """DP if it looks like it fits, else None: nothing is compared."""
    return "DP" if 16 * model["params"] / cluster["devices"] <= cluster["memory"] else None
''',
}
LOSES = {
    "choose_layout_costs": "['dp']['memory']",
    # which wrong pick the message names depends on the tables drawn for the grading; every one says what it was
    # judged on
    "choose_layout_choice": "judged on the costs layout_costs returned for this case",
}
