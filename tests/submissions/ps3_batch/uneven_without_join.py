"""Trained on uneven shards with a plain loop, without join(): the rank with more batches hangs."""

CELLS = {
    "train_uneven": '''
def train_uneven(ddp_model, optimizer, loss_fn, batches):
    """Train on this rank's `batches` (a different number on each rank) without hanging."""
    for x, y in batches:
        optimizer.zero_grad()
        loss_fn(ddp_model(x), y).backward()
        optimizer.step()
''',
}
LOSES = {
    "train_uneven_finishes_and_matches": "join()",
}
