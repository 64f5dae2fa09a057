"""choose_layout falls back to the layout needing the least memory when none fits, instead of returning None."""

CELLS = {
    'choose_layout': '''
import math

BYTES = {"fp32 Adam": (4, 4, 8), "mixed-precision Adam": (2, 2, 12)}   # w, g, K: bytes per parameter
LAYOUTS = ("DP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "TP", "PP")             # a tie goes to the earlier one


def layout_costs(model, cluster, precision="mixed-precision Adam"):
    """{layout: {"memory": bytes per device, "sent": bytes a device sends per step, "seconds": time lost per step}}."""
    P, L, h, b, s = model["params"], model["layers"], model["hidden"], model["batch"], model["seq"]
    N = cluster["devices"]
    w, g, k = BYTES[precision]
    act = 2 if precision.startswith("mixed") else 4          # bytes per activation element
    activations = model["activation_bytes_per_seq"] * b / N * act / 2
    ring = (N - 1) / N
    link = cluster["in_node"] if N <= cluster["per_node"] else cluster["between_nodes"]
    boundary = b * s * h * act                               # activations crossing one layer boundary
    compute = 6 * P * b * s / (N * cluster["flops"])
    table = {
        "DP":     ((w + g + k) * P,         2 * ring * g * P),
        "ZeRO-1": ((w + g) * P + k * P / N, ring * (g + w) * P),
        "ZeRO-2": (w * P + (g + k) * P / N, ring * (g + w) * P),
        "ZeRO-3": ((w + g + k) * P / N,     ring * (2 * w + g) * P),
        "TP":     ((w + g + k) * P / N,     4 * L * 2 * ring * boundary),
        "PP":     ((w + g + k) * P / N,     2 * boundary),
    }
    costs = {}
    for name, (states, sent) in table.items():
        bubble = (N - 1) / b * compute if name == "PP" else 0.0
        costs[name] = {"memory": states + activations, "sent": sent, "seconds": sent / link + bubble}
    return costs


def choose_layout(model, cluster, precision="mixed-precision Adam"):
    """The name of the layout that fits and loses the least time (a tie: the earlier in LAYOUTS), or None."""
    costs = layout_costs(model, cluster, precision)
    fitting = [name for name in LAYOUTS if costs[name]["memory"] <= cluster["memory"]]
    if not fitting:   # nothing fits: the one closest to fitting
        return min(LAYOUTS, key=lambda name: costs[name]["memory"])
    best = min(costs[name]["seconds"] for name in fitting)
    return next(name for name in fitting if math.isclose(costs[name]["seconds"], best, rel_tol=1e-9))
''',
}
LOSES = {
    'choose_layout_choice': 'return None then',
}
