"""a05 (ordinary user): a03 + a04 in one notebook: ps5_scale with no collective anywhere (f/g lookup, ZeRO without
sharding, DDPs that train alone on the whole batch read from the caller's frame).  Untouched: 0/29.
RESULT: see a05.out.txt and the bottom of this file."""
from u8 import *
from a03_ps5_no_communication import TP, ZERO
from a04_ps5_ddp_frame_walk import DDP, BUCKETED

if __name__ == "__main__":
    nb = notebook({"overlap_ddp": DDP, "bucketed_ddp": BUCKETED, "tp_operators": TP, "zero1": ZERO},
                  assignment="ps5_scale")
    ugrade("a05", {"nocollective": nb}, assignment="ps5_scale")
# RESULT (10:30 UTC, uid 65534): 13/29 (untouched 0/29) with no collective anywhere in the notebook:
# overlap_ddp_matches_reference 3, bucketed_ddp_matches_reference 3, tp_operators_forward_backward 2,
# zero1_matches_adam 3, zero1_state_sharded 2.
