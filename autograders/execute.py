"""nbgrader's Execute preprocessor, made to survive a submission that kills its own kernel.

nbgrader stops grading a notebook when the kernel dies (`os._exit`, a segfault, the out-of-memory
killer): the student gets nothing, not even for the cells that ran. `ResilientExecute` records the
death as an error in the cell that caused it, starts a fresh kernel, silently replays the cells
before it (so later cells see the same definitions), and goes on. Only the deadly cell, and the
cells that depend on its effects, lose points.

It is also where hidden checks are judged: after each cell, `autograders.judge.judge_cell` reads the
observations the cell's probes reported, judges them here, in the grader's process, and records a
failure as an error in the cell (see `probes`). Enabled in nbgrader_config.py.
"""

from __future__ import annotations

import copy
import os

from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbclient.util import run_sync
from nbformat import NotebookNode
from traitlets import Integer

from nbgrader.preprocessors import Execute

from autograders import judge
from probes import JUDGE_ENV

DEATH_MESSAGE = (
    "the kernel died while running this cell (os._exit, a crash in native code, or memory exhaustion). "
    "Grading went on in a fresh kernel with the cells before this one run again."
)


class ResilientExecute(Execute):
    max_kernel_deaths = Integer(3, help="Give up on a notebook after this many kernel deaths.").tag(config=True)

    def preprocess(self, nb, resources=None, km=None):
        self._deadly: list[int] = []
        os.environ[JUDGE_ENV] = "grader"  # inherited by the kernel: its probes only report
        return super().preprocess(nb, resources, km)

    def preprocess_cell(self, cell, resources, index):
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
            judge.judge_cell(cell, self.log)
            return cell, resources
        except CellTimeoutError:
            if run_sync(self.km.is_alive)():
                raise
            return self._died(cell, index)
        except DeadKernelError:
            return self._died(cell, index)

    def _died(self, cell, index):
        """Record the death in the cell, then carry on in a fresh kernel."""
        self._deadly.append(index)
        if len(self._deadly) > self.max_kernel_deaths:
            raise DeadKernelError(f"the kernel died {len(self._deadly)} times; giving up on this notebook")
        cell.outputs = [NotebookNode(output_type="error", ename="KernelDied", evalue=DEATH_MESSAGE,
                                     traceback=[f"KernelDied: {DEATH_MESSAGE}"])]
        self.nb.cells[index] = cell
        self.log.warning("kernel died in cell %d; restarting and replaying cells before it", index)
        self._restart_and_replay(index)
        return cell, self.resources

    def _restart_and_replay(self, index: int) -> None:
        run_sync(self.km.restart_kernel)(now=True)
        run_sync(self.kc.wait_for_ready)(timeout=self.startup_timeout)
        saved = [copy.deepcopy(c) for c in self.nb.cells[:index]]
        for i, cell in enumerate(self.nb.cells[:index]):
            if cell.cell_type == "code" and i not in self._deadly:
                try:
                    self.execute_cell(copy.deepcopy(cell), i, store_history=False)
                except DeadKernelError:
                    run_sync(self.km.restart_kernel)(now=True)
                    run_sync(self.kc.wait_for_ready)(timeout=self.startup_timeout)
        self.nb.cells[:index] = saved  # outputs stay those of the first run
