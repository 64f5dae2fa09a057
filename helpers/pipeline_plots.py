"""Plots of Part 4 (the large-model experiment): pipeline schedules and per-rank peak memory.

    from helpers import pipeline_plots
    pipeline_plots.timeline(events, title="GPipe, 2 stages, 4 micro-batches")
    pipeline_plots.peak_memory(peaks={"single": [140e6], "DDP": [170e6, 170e6]}, budget=96 * 2**20)

They draw what they are given (measured times, measured bytes); they compute nothing else.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

__all__ = ["timeline", "peak_memory"]

_KIND_COLOURS = {"F": "#4C72B0", "B": "#DD8452"}
_SCALE = {"B": 1, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30}


def timeline(events: Iterable[Sequence], ax=None, title: str | None = None, unit: str = "ms"):
    """Draw a pipeline schedule: one row per rank, one box per forward (F) or backward (B) op.

    Args:
        events: (rank, kind, micro_batch, start, end) tuples; kind is "F" or "B"; start and end in
            seconds on a clock shared by the ranks (e.g. time.perf_counter on one machine).
        ax: a matplotlib Axes; a new figure when None.
        title: the axes' title.
        unit: "ms" or "s" for the time axis.

    Returns:
        The matplotlib Axes. Gaps between boxes are the pipeline's bubble (and communication).
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    events = list(events)
    if not events:
        raise ValueError("timeline needs at least one (rank, kind, micro_batch, start, end) event")
    scale = {"ms": 1e3, "s": 1.0}[unit]
    t0 = min(e[3] for e in events)
    ranks = sorted({e[0] for e in events})
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 0.6 + 0.55 * len(ranks)))
    for rank, kind, micro, start, end in events:
        x, w = (start - t0) * scale, (end - start) * scale
        ax.broken_barh([(x, w)], (rank - 0.4, 0.8), facecolors=_KIND_COLOURS.get(kind, "grey"), edgecolor="white")
        if w > 0:
            ax.text(x + w / 2, rank, f"{kind}{micro}", ha="center", va="center", fontsize=7, color="white", clip_on=True)
    ax.set_yticks(ranks, [f"stage {r}\n(rank {r})" for r in ranks])
    ax.invert_yaxis()
    ax.set_xlabel(f"time ({unit})")
    ax.legend(handles=[Patch(color=c, label=("forward" if k == "F" else "backward")) for k, c in _KIND_COLOURS.items()],
              fontsize=8, loc="upper right", ncol=2)
    if title:
        ax.set_title(title)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def peak_memory(peaks: Mapping[str, Sequence[float]], budget: float | None = None, unit: str = "MiB",
                ax=None, title: str | None = None, failed: Iterable[str] = ()):
    """Grouped bars of measured peak memory: one group per strategy, one bar per rank.

    Args:
        peaks: {strategy: [peak bytes of rank 0, rank 1, ...]}.
        budget: the per-rank memory budget in bytes, drawn as a dashed line.
        unit: "B", "KiB", "MiB" or "GiB".
        ax: a matplotlib Axes; a new figure when None.
        title: the axes' title.
        failed: strategies that ran out of memory under the budget; their bars are hatched.

    Returns:
        The matplotlib Axes.
    """
    import matplotlib.pyplot as plt

    scale = _SCALE[unit]
    failed = set(failed)
    if ax is None:
        _, ax = plt.subplots(figsize=(1.5 + 1.3 * len(peaks), 3.6))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    width = 0.8 / max(len(v) for v in peaks.values())
    for i, (name, values) in enumerate(peaks.items()):
        for r, value in enumerate(values):
            x = i - 0.4 + width * (r + 0.5)
            ax.bar(x, value / scale, width * 0.9, color=colours[r % len(colours)],
                   hatch="//" if name in failed else None, edgecolor="black" if name in failed else None,
                   label=f"rank {r}" if i == 0 or r >= len(next(iter(peaks.values()))) else None)
            ax.annotate(f"{value / scale:.0f}", (x, value / scale), ha="center", va="bottom", fontsize=7)
    ax.set_xticks(range(len(peaks)), [f"{k}\n(out of memory)" if k in failed else k for k in peaks])
    if budget is not None:
        ax.axhline(budget / scale, color="black", linestyle="--", linewidth=1, label="budget per rank")
    ax.set_ylabel(f"peak {unit} per rank")
    handles, labels = ax.get_legend_handles_labels()
    unique = dict(zip(labels, handles))
    ax.legend(unique.values(), unique.keys(), fontsize=8, loc="upper right")
    if title:
        ax.set_title(title)
    ax.spines[["top", "right"]].set_visible(False)
    return ax
