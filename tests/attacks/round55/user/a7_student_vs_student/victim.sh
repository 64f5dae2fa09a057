#!/bin/bash
# Another student (uid 65001) on the course's shared machine runs lecture 02's torchrun cell from her kit
# (the same command cell 43 runs), her home 0700 with her answers in it.
cd CLONE/notebooks
exec setpriv --reuid=65001 --regid=65001 --clear-groups env -i PATH=/usr/bin:/bin HOME=/tmp/r55-victim-home TMPDIR=/tmp/r55-victim-home \
  CLONE/.venv/bin/python -m torch.distributed.run --standalone --nproc_per_node=2 scripts/02_train_ddp.py --per-rank-batch 16
