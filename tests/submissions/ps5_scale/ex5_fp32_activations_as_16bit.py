"""layout_costs takes the description's activation bytes as they are in fp32 too: they are 16-bit and double in fp32."""

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
    activations = model["activation_bytes_per_seq"] * b / N
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
    if not fitting:
        return None
    best = min(costs[name]["seconds"] for name in fitting)
    return next(name for name in fitting if math.isclose(costs[name]["seconds"], best, rel_tol=1e-9))
''',
}
LOSES = {
    'choose_layout_costs': 'in fp32 they take twice as many',
}
