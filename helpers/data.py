"""Small, real data sets as tensors, for lectures that need more than random numbers.

Why this exists: a loss curve on random labels teaches little, and a download can fail on a laptop or
a grading machine with no internet. scikit-learn ships the 8x8 handwritten digits (1797 images,
10 classes) inside the package, so every lecture can train on real data in a fraction of a second::

    from helpers.data import load_digits_tensors
    X, y = load_digits_tensors()          # X: (1797, 64) float32 in [0, 1], y: (1797,) int64
"""

from __future__ import annotations

import torch

__all__ = ["load_digits_tensors"]


def load_digits_tensors(num_samples: int | None = None, seed: int | None = 0) -> tuple[torch.Tensor, torch.Tensor]:
    """The scikit-learn digits as `(X, y)` tensors, shuffled reproducibly.

    Args:
        num_samples: keep only the first `num_samples` images after shuffling (None keeps all 1797).
            Handy for picking a size that divides evenly by a batch size and a number of ranks.
        seed: seed of the shuffle (a private `torch.Generator`, so the global RNG is untouched);
            None keeps scikit-learn's order.

    Returns:
        X: float32 tensor of shape (num_samples, 64), pixel intensities scaled from 0..16 to 0..1.
        y: int64 tensor of shape (num_samples,), the digit 0..9.
    """
    from sklearn.datasets import load_digits

    digits = load_digits()
    X = torch.tensor(digits.data, dtype=torch.float32) / 16.0
    y = torch.tensor(digits.target, dtype=torch.int64)
    if seed is not None:
        order = torch.randperm(len(y), generator=torch.Generator().manual_seed(seed))
        X, y = X[order], y[order]
    if num_samples is not None:
        if not 0 < num_samples <= len(y):
            raise ValueError(f"num_samples must be between 1 and {len(y)} (the digits data set's size), got {num_samples}")
        X, y = X[:num_samples], y[:num_samples]
    return X, y
