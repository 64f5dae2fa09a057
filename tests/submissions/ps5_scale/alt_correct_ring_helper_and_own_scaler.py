"""Correct, written differently: a ring helper for the bytes, an explicit loop for the choice (a later layout must
be clearly faster), extra keys and printing; bytes from dtypes' element sizes; a loss scaler of its own whose scale
is a tensor, the loss computed by hand in fp32."""

CELLS = {
    'choose_layout': '''
import math

BYTES = {"fp32 Adam": (4, 4, 8), "mixed-precision Adam": (2, 2, 12)}
LAYOUTS = ("DP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "TP", "PP")


def _ring(n, payload, passes=1):
    """Bytes one device sends for `passes` reduce-scatters or all-gathers of `payload` bytes in a ring of n."""
    return passes * payload * (n - 1) / n


def layout_costs(model, cluster, precision="mixed-precision Adam"):
    n = cluster["devices"]
    psi = model["params"]
    w, g, k = BYTES[precision]
    elt = 4 if precision == "fp32 Adam" else 2
    tokens = model["batch"] * model["seq"]
    acts = model["activation_bytes_per_seq"] * model["batch"] * (elt / 2) / n
    bandwidth = cluster["between_nodes"] if n > cluster["per_node"] else cluster["in_node"]
    sharded = (w + g + k) * psi / n
    layer_acts = tokens * model["hidden"] * elt
    states = {"DP": (w + g + k) * psi, "ZeRO-1": (w + g) * psi + k * psi / n,
              "ZeRO-2": w * psi + (g + k) * psi / n, "ZeRO-3": sharded, "TP": sharded, "PP": sharded}
    sent = {"DP": _ring(n, g * psi, 2),
            "ZeRO-1": _ring(n, g * psi) + _ring(n, w * psi),
            "ZeRO-2": _ring(n, g * psi) + _ring(n, w * psi),
            "ZeRO-3": _ring(n, w * psi, 2) + _ring(n, g * psi),
            "TP": model["layers"] * 4 * _ring(n, layer_acts, 2),
            "PP": layer_acts + layer_acts}
    flops_per_device = 6 * psi * tokens / n
    bubble = (n - 1) / model["batch"] * flops_per_device / cluster["flops"]
    out = {}
    for name in LAYOUTS:
        t = sent[name] / bandwidth + (bubble if name == "PP" else 0)
        out[name] = dict(memory=states[name] + acts, sent=sent[name], seconds=t,
                         fits=states[name] + acts <= cluster["memory"])
    return out


def choose_layout(model, cluster, precision="mixed-precision Adam"):
    costs = layout_costs(model, cluster, precision)
    best = None
    for name in LAYOUTS:                      # in order: a later layout must be clearly faster
        c = costs[name]
        if not c["fits"]:
            continue
        if best is None or (c["seconds"] < costs[best]["seconds"]
                            and not math.isclose(c["seconds"], costs[best]["seconds"], rel_tol=1e-9)):
            best = name
    print(f"{model['name']} on {cluster['name']}: {best}")
    return best
''',
    'mixed_precision_bytes': '''
def bytes_per_parameter(precision):
    model_dtype = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[precision]
    size = torch.tensor([], dtype=model_dtype).element_size()
    fp32 = torch.tensor([], dtype=torch.float32).element_size()
    return {
        "weights": size,
        "gradients": size,
        "master_weights": 0 if model_dtype == torch.float32 else fp32,   # a 16-bit model keeps an fp32 copy
        "adam_moments": 2 * fp32,                                        # exp_avg and exp_avg_sq
    }
''',
    'mixed_precision_loss_scaling': '''
class LossScaler:
    """Dynamic loss scaling of my own, the scale kept as a tensor."""

    def __init__(self, scale, growth_interval):
        self.scale = torch.tensor(float(scale))
        self.growth_interval, self.good = growth_interval, 0

    def unscale_and_check(self, params):
        ok = True
        for p in params:
            if p.grad is not None:
                p.grad.mul_(1.0 / self.scale)
                ok = ok and bool(torch.isfinite(p.grad).all())
        return ok

    def update(self, ok):
        if not ok:
            self.scale *= 0.5
            self.good = 0
            return
        self.good += 1
        if self.good >= self.growth_interval:
            self.scale *= 2.0
            self.good = 0


def train_with_loss_scaling(model, optimizer, batches, max_norm, init_scale, growth_interval):
    scaler = LossScaler(init_scale, growth_interval)
    history = []
    for x, y in batches:
        for p in model.parameters():
            p.grad = None
        with torch.autocast(device_type="cpu", dtype=torch.float16):
            out = model(x)
        loss = ((out.float() - y) ** 2).mean()
        (loss * scaler.scale).backward()
        ok = scaler.unscale_and_check(list(model.parameters()))
        if ok:
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
            optimizer.step()
        scaler.update(ok)
        history.append(scaler.scale.clone())
    return history
''',
}
LOSES = {
}
