"""Plots the lectures share. Small on purpose: one function per picture the course draws.

    from helpers import plots
    plots.memory_bars(
        {"DDP": {"weights": 2e9, "gradients": 2e9, "optimizer state": 12e9},
         "ZeRO-3": {"weights": 0.5e9, "gradients": 0.5e9, "optimizer state": 3e9}},
        budget=8e9, title="per-device memory, 4 devices",
    )
"""

from __future__ import annotations

from typing import Mapping

__all__ = ["memory_bars"]

_SCALE = {"B": 1, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30, "TiB": 2**40}
# One colour per component, the same in every lecture.
_COLOURS = {
    "weights": "#4C72B0",
    "gradients": "#DD8452",
    "optimizer state": "#55A868",
    "activations": "#C44E52",
}


def memory_bars(
    bars: Mapping[str, Mapping[str, float]],
    budget: float | None = None,
    unit: str = "GiB",
    title: str | None = None,
    ax=None,
    budget_label: str = "device memory",
):
    """Stacked bars of memory per device, one bar per strategy (or rank), one colour per component.

    Args:
        bars: {bar label: {component: bytes}}. Components are stacked in the order given; the
            usual ones ("weights", "gradients", "optimizer state", "activations") get fixed colours.
        budget: bytes a device has; drawn as a dashed horizontal line, and bars above it are hatched.
        unit: "B", "KiB", "MiB", "GiB" or "TiB" for the y axis.
        title: the axes' title.
        ax: a matplotlib Axes to draw on; a new figure is made when None.
        budget_label: legend text of the budget line.

    Returns:
        The matplotlib Axes.
    """
    import matplotlib.pyplot as plt

    if unit not in _SCALE:
        raise ValueError(f"unit must be one of {sorted(_SCALE, key=_SCALE.get)}, not {unit!r}")
    scale = _SCALE[unit]
    if ax is None:
        _, ax = plt.subplots(figsize=(2.8 + 1.1 * len(bars), 3.6))
    labels = list(bars)
    components: list[str] = []
    for parts in bars.values():
        components += [c for c in parts if c not in components]
    extra = iter(plt.rcParams["axes.prop_cycle"].by_key()["color"][4:] * 4)
    bottoms = [0.0] * len(labels)
    for comp in components:
        heights = [bars[b].get(comp, 0.0) / scale for b in labels]
        colour = _COLOURS.get(comp) or next(extra)
        ax.bar(labels, heights, bottom=bottoms, label=comp, color=colour)
        bottoms = [b + h for b, h in zip(bottoms, heights)]
    if budget is not None:
        ax.axhline(budget / scale, color="black", linestyle="--", linewidth=1, label=budget_label)
        for i, top in enumerate(bottoms):
            if top > budget / scale:
                ax.bar(labels[i], top, fill=False, hatch="//", edgecolor="black", linewidth=0)
    for i, top in enumerate(bottoms):
        ax.annotate(f"{top:.3g}", (i, top), ha="center", va="bottom", fontsize=8)
    highest = max(bottoms + ([budget / scale] if budget is not None else []))
    ax.set_ylim(0, highest * 1.12)  # room for the labels above the bars
    ax.set_ylabel(f"{unit} per device")
    if title:
        ax.set_title(title)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)  # beside, never over, a bar
    ax.spines[["top", "right"]].set_visible(False)
    return ax
