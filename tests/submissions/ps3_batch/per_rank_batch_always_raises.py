"""An input check with nothing behind it: per_rank_batch raises ValueError, naming both numbers, whatever it is
given, which earned the impossible-split cell on its own (found by the third round of attacks on the grader).
Valid splits must not raise, the published ones and the ones drawn in each grading."""

CELLS = {
    "per_rank_batch": '''
def per_rank_batch(global_batch, world_size):
    raise ValueError(f"cannot split a global batch of {global_batch} over {world_size} ranks")
''',
}
LOSES = {
    "per_rank_batch_values": "your code raised ValueError",
    "per_rank_batch_impossible": "split evenly",
    # its visible test runs the notebook's own plan_accumulation, which calls this per_rank_batch (the
    # hidden check stands in for it, and passes): the student sees the real error
    "plan_accumulation_values": "cannot split a global batch of 64 over 1 ranks",
}

#: An attack on the grading found in a round: graded in every test run, not only by `make test-full`.
ATTACK = True
