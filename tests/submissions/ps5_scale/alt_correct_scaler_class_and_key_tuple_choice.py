"""Correct, written differently: loss scaling by a small DynamicLossScaler class of the student's (scale, unscale
and report finiteness, update); choose_layout takes min over a (seconds to 10 significant digits, position in
LAYOUTS) key, so a tie goes to the earlier layout without a second pass."""

CELLS = {
    "mixed_precision_loss_scaling": '''
class DynamicLossScaler:
    """fp16 loss scaling as in Micikevicius et al. 2018: halve on overflow, double after a run of good steps."""

    def __init__(self, init_scale, growth_interval, growth_factor=2.0, backoff_factor=0.5):
        self.value = float(init_scale)
        self.growth_interval = growth_interval
        self.growth_factor, self.backoff_factor = growth_factor, backoff_factor
        self.good_steps = 0

    def scale(self, loss):
        return loss * self.value

    def unscale_(self, params):
        """Divide every gradient by the scale; True if they are all finite."""
        finite = True
        for p in params:
            p.grad.div_(self.value)
            finite = finite and bool(torch.isfinite(p.grad).all())
        return finite

    def update(self, finite):
        if not finite:
            self.value *= self.backoff_factor
            self.good_steps = 0
            return
        self.good_steps += 1
        if self.good_steps == self.growth_interval:
            self.value *= self.growth_factor
            self.good_steps = 0


def train_with_loss_scaling(model, optimizer, batches, max_norm, init_scale, growth_interval):
    scaler = DynamicLossScaler(init_scale, growth_interval)
    params = [p for p in model.parameters() if p.requires_grad]
    history = []
    for x, y in batches:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        finite = scaler.unscale_(params)
        if finite:
            nn.utils.clip_grad_norm_(params, max_norm)
            optimizer.step()
        scaler.update(finite)
        history.append(scaler.value)
    return history
''',
    "choose_layout": '''
import math

BYTES = {"fp32 Adam": (4, 4, 8), "mixed-precision Adam": (2, 2, 12)}   # w, g, K: bytes per parameter
LAYOUTS = ("DP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "TP", "PP")             # a tie goes to the earlier one


def layout_costs(model, cluster, precision="mixed-precision Adam"):
    P, L, h, b, s = model["params"], model["layers"], model["hidden"], model["batch"], model["seq"]
    N = cluster["devices"]
    w, g, k = BYTES[precision]
    act = 2 if precision.startswith("mixed") else 4
    activations = model["activation_bytes_per_seq"] * b / N * act / 2
    ring = (N - 1) / N
    link = cluster["in_node"] if N <= cluster["per_node"] else cluster["between_nodes"]
    boundary = b * s * h * act
    compute = 6 * P * b * s / (N * cluster["flops"])
    rows = {
        "DP":     ((w + g + k) * P,         2 * ring * g * P,         0.0),
        "ZeRO-1": ((w + g) * P + k * P / N, ring * (g + w) * P,       0.0),
        "ZeRO-2": (w * P + (g + k) * P / N, ring * (g + w) * P,       0.0),
        "ZeRO-3": ((w + g + k) * P / N,     ring * (2 * w + g) * P,   0.0),
        "TP":     ((w + g + k) * P / N,     8 * L * ring * boundary,  0.0),
        "PP":     ((w + g + k) * P / N,     2 * boundary,             (N - 1) / b * compute),
    }
    return {name: {"memory": states + activations, "sent": sent, "seconds": sent / link + bubble}
            for name, (states, sent, bubble) in rows.items()}


def choose_layout(model, cluster, precision="mixed-precision Adam"):
    costs = layout_costs(model, cluster, precision)
    fitting = [name for name in LAYOUTS if costs[name]["memory"] <= cluster["memory"]]
    if not fitting:
        return None
    return min(fitting, key=lambda name: (float(f"{costs[name]['seconds']:.9e}"), LAYOUTS.index(name)))
''',
}
LOSES = {}
