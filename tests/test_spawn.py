"""The spawn start method (macOS's only one) on what notebooks really launch.

A spawned rank is a fresh interpreter: the function travels by cloudpickle, with the notebook
globals it uses. `make test-spawn` runs every lecture and solution notebook with
DISTCOURSE_START_METHOD=spawn (several minutes on 2 cores: each rank imports torch afresh); this test
keeps the path from rotting inside `make test` at the cost of a handful of spawned launches, each
exercising one kind of thing the notebooks hand to `launch`.
"""

import json

import nbformat
import pytest

pytestmark = pytest.mark.multiprocess

CELLS = [
    "import helpers, torch, torch.nn as nn, torch.nn.functional as F, torch.distributed as dist\n"
    "from torch.nn.parallel import DistributedDataParallel as DDP",
    # notebook globals the rank functions use: a tensor, a helper function, a class, a constant
    "DATA = torch.arange(8.0).reshape(4, 2)\n"
    "SCALE = 3.0\n"
    "def make_model(seed):\n"
    "    torch.manual_seed(seed)\n"
    "    return nn.Linear(2, 1)\n"
    "class Doubler(nn.Module):\n"
    "    def forward(self, x):\n"
    "        return 2 * x",
    # collectives on the rank's device, a notebook class, a global tensor
    "def collective():\n"
    "    t = torch.tensor([dist.get_rank() + 1.0], device=helpers.rank_device())\n"
    "    dist.all_reduce(t)\n"
    "    return Doubler()(t).item() * SCALE, DATA.sum().item()\n"
    "print('collective', helpers.launch(collective, 2, timeout=120))",
    # DDP with the device rule, the result back on CPU
    "def ddp_grad():\n"
    "    device = helpers.rank_device()\n"
    "    model = make_model(dist.get_rank()).to(device)\n"
    "    ddp = DDP(model, device_ids=helpers.ddp_device_ids(device))\n"
    "    x = DATA[dist.get_rank() * 2:(dist.get_rank() + 1) * 2].to(device)\n"
    "    ddp(x).sum().backward()\n"
    "    return model.weight.grad.cpu()\n"
    "g0, g1 = helpers.launch(ddp_grad, 2, timeout=120)\n"
    "print('ddp equal', torch.equal(g0, g1))",
    # a lambda closing over a local, and an error that must come back with its rank
    "offset = 10\n"
    "print('lambda', helpers.launch(lambda: dist.get_rank() + offset, 2, timeout=120))\n"
    "try:\n"
    "    helpers.launch(lambda: 1 / dist.get_rank(), 2, timeout=120)\n"
    "except helpers.RankError as e:\n"
    "    print('caught', e.rank, e.exc_type)",
]


def test_notebook_functions_run_under_forced_spawn(tmp_path, monkeypatch):
    from nbclient import NotebookClient

    log = tmp_path / "launches.jsonl"
    monkeypatch.setenv("DISTCOURSE_START_METHOD", "spawn")  # the kernel inherits this environment
    monkeypatch.setenv("DISTCOURSE_LAUNCH_LOG", str(log))
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    text = "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))
    assert "collective [(18.0, 28.0), (18.0, 28.0)]" in text
    assert "ddp equal True" in text
    assert "lambda [10, 11]" in text
    assert "caught 0 ZeroDivisionError" in text
    launches = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(launches) == 4 and all(entry["start_method"] == "spawn" for entry in launches)


def test_a_spawned_ranks_start_up_does_not_count_against_the_timeout():
    import helpers

    # Importing torch in a fresh interpreter alone takes longer than this timeout on any laptop.
    assert helpers.launch(_rank_plus_one, 2, backend="gloo", start_method="spawn", timeout=0.5) == [1, 2]


def _rank_plus_one():
    import torch.distributed as dist

    return dist.get_rank() + 1
