"""No judge passes an observation with a piece missing.

A student can replace the probes in their own kernel, so a probe can be made to report less than
it should: a shorter list of gradients, fewer ranks, fewer cases, an empty dict. The judge must
then fail the cell, never pass it by comparing fewer things. This runs every solution notebook
once (its probes report, as in grading), checks the judge passes what a correct solution reports,
then cuts each list in that report (emptied, last item dropped) and requires the judge to refuse
every cut copy. Found real holes when written: `zip` over a short gradient list, a checkpoint
compared with an empty final state.
"""

import copy
import os

import pytest
from nbclient import NotebookClient

from grader import judge
from probes import JUDGE_ENV, MIME
from grader.course import assignments
from tools.submissions import fill, source_and_release

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("judge_mutations")]

# (check, key): cutting a list under this key may pass, and why. None: the whole check.
EXEMPT = {
    # checks properties of the shards (they change with the epoch and the seed), which a shortened
    # copy still has; the shards themselves are compared with the reference by ..._disjoint_complete
    ("ps2_ddp.shard_indices_reshuffles", None),
    # counted sends are judged by gpipe_micro_batches; gpipe_full_batch reports them but reads none
    ("ps4_large_model.gpipe_full_batch", "sends"),
    # the bad-input checks ask valid input at the edges only not to raise; what it returned is judged by
    # the exercise's own cell
    ("ps1_memory.per_device_memory_errors", "returned"),
    ("ps1_memory.partition_layers_errors", "returned"),
    # what the notebook's own per_rank_bytes says is a second way to pass (one mistake, one cell); cut
    # short, it is not used and the answer is compared with the reference bytes
    ("ps4_large_model.strategies_that_fit", "own_bytes"),
    # the arguments of the cases drawn for this grading are the question, not the answer: cut short, they
    # are another question, which the judge decides from them
    ("ps1_memory.per_device_memory_errors", "args"),
    ("ps1_memory.partition_layers_errors", "args"),
    ("ps3_batch.per_rank_batch_impossible", "args"),
}
SAMPLES = 2  # cut copies per (check, cut, place in the structure); the structure repeats per case


def _selected() -> list[str]:
    """The assignments to run: all, or those `make check A=...` names (DISTCOURSE_CHECK_ASSIGNMENTS)."""
    names = [n for n in os.environ.get("DISTCOURSE_CHECK_ASSIGNMENTS", "").split(",") if n]
    return names or assignments()


@pytest.fixture(scope="module")
def observations():
    """{check: [observation, ...]} that the solution notebooks' probes report.

    Each solution runs top to bottom as a student's notebook runs at home, hidden tests included, with the
    judges in the kernel (DISTCOURSE_JUDGE=kernel): the run is also the suite's check that every solution
    passes its visible and hidden tests where it runs (what nbval of source/ checked, which `make test` no
    longer runs a second time); an error output in any cell fails the test that reads the observations."""
    found, errors = {}, []
    previous = os.environ.get(JUDGE_ENV)
    os.environ[JUDGE_ENV] = "kernel"  # the probes report, and the judges judge, in the kernel
    try:
        for name in _selected():
            source, release = source_and_release(name)
            nb = fill(release, source)
            tests = {c.metadata.get("nbgrader", {}).get("grade_id"): c.source for c in source.cells}
            for cell in nb.cells:
                meta = cell.metadata.get("nbgrader", {})
                if meta.get("grade") and not meta.get("solution"):
                    cell.source = tests[meta["grade_id"]]  # the hidden tests, as nbgrader restores them
            NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True).execute()
            for index, cell in enumerate(nb.cells):
                for output in cell.get("outputs", []):
                    if output.get("output_type") == "error":
                        errors.append(f"{name} cell {index} ({cell.metadata.get('nbgrader', {}).get('grade_id')}): "
                                      f"{output.get('ename')}: {output.get('evalue')}"[:1500])
                    payload = output.get("data", {}).get(MIME)
                    if payload:
                        found.setdefault(payload["check"], []).append(payload["observation"])
    finally:
        if previous is None:
            os.environ.pop(JUDGE_ENV, None)
        else:
            os.environ[JUDGE_ENV] = previous
    return found, errors


def _lists(node, path=(), keys=()):
    """(path, key names on the way, list) for every list of the encoded observation, outside tensors."""
    if isinstance(node, list):
        yield path, keys, node
        for i, value in enumerate(node):
            # a dict's entries are [key, value] pairs: name the value by its key
            is_entry = path[-1:] == ("__dict__",) and isinstance(value, list) and value
            named = keys + (value[0] if isinstance(value[0], str) else repr(value[0]),) if is_entry else keys
            yield from _lists(value, path + (i,), named)
    elif isinstance(node, dict) and "__tensor__" not in node and "__exception__" not in node:
        for k, value in node.items():
            yield from _lists(value, path + (k,), keys)


def _replace(root, path, value):
    node = root
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value


def test_every_check_reported_and_the_solution_passes(observations):
    from tests.test_project import _hidden_cells

    observations, errors = observations
    assert not errors, "a solution notebook failed where it runs (judges in the kernel):\n" + "\n".join(errors)

    required = {check for name, _, hidden in _hidden_cells() if name in _selected() for check in judge.required_checks(hidden)}
    assert required <= set(observations), f"no report from {sorted(required - set(observations))}"
    for check, reports in observations.items():
        for observation in reports:
            judge.run(check, judge.decode(copy.deepcopy(observation)))


def test_no_judge_passes_a_cut_observation(observations):
    observations, _ = observations
    passed, tried = [], 0
    for check, reports in sorted(observations.items()):
        if check.endswith(".quiz") or (check, None) in EXEMPT:
            continue
        observation = reports[0]
        sampled = {}
        for path, keys, items in list(_lists(observation)):
            if not items:
                continue
            shape = tuple("#" if isinstance(p, int) else p for p in path)
            for label, cut in (("emptied", []), ("last item dropped", items[:-1])):
                if label == "last item dropped" and len(items) < 2 and path[-1:] == ("__dict__",):
                    continue
                if sampled.setdefault((label, shape), 0) >= SAMPLES:
                    continue
                sampled[(label, shape)] += 1
                if path[-1:] == ("__dict__",) and label == "last item dropped":
                    dropped = items[-1][0]
                    keys = keys + (dropped if isinstance(dropped, str) else repr(dropped),)  # the entry it removes
                if any((check, k) in EXEMPT for k in keys):
                    continue
                mutated = copy.deepcopy(observation)
                if path:
                    _replace(mutated, path, copy.deepcopy(cut))
                else:
                    mutated = copy.deepcopy(cut)
                tried += 1
                try:
                    judge.run(check, judge.decode(mutated))
                except Exception:  # noqa: BLE001 - any refusal fails the cell in grading
                    continue
                passed.append(f"{check}: {label} at {'/'.join(map(str, path)) or 'top'} (under {list(keys)})")
    assert tried > 40 * len(_selected()), f"only {tried} cut observations tried: did the probes report?"
    assert not passed, f"{len(passed)} cut observations were judged right:\n" + "\n".join(passed[:20])
