"""Add a graded exercise to an assignment, wired end to end: `make exercise A=ps2_ddp NAME=clip_gradients`.

    python -m tools.scaffold ps2_ddp clip_gradients --points 2                # runs in the student's process
    python -m tools.scaffold ps2_ddp clip_gradients --points 3 --world-size 2 # runs on every rank

It writes, following CONTRIBUTING.md, a small exercise that already works, so that `make check
A=<assignment>` passes at once and every piece can then be replaced by the real one:

- source/<A>/<A>.ipynb: the heading "## Exercise k: ... (p points)" (k counted, not typed), the
  answer cell with the solution between the markers, and the test cell `<name>_matches_reference`
  with a visible assert and the hidden probe call, inserted before the quiz;
- probes/<A>.py: `<name>_cases()` (the inputs, public: the judge rebuilds them from here) and the
  probe `<name>(fn)`, which runs the student's function (on ranks with --world-size) and reports
  exactly the keys the judge declares;
- autograders/<A>.py: `judge_<name>`, declared with `@observes(...)`, so that a key misspelt on
  either side fails the first run, and a report with a piece cut out is refused;
- tests/submissions/<A>/ex<k>_<name>_wrong.py: a realistic wrong submission, with the phrase its
  feedback must contain;
- release/<A>/: regenerated.

The example exercise (a mean, with a ValueError for no values; on ranks: the mean over the ranks)
stands for yours: replace the text, the solution, the cases, the reference and the wrong submission,
and add a row per requirement to docs/audit/<A>.md.
"""

from __future__ import annotations

import argparse
import ast
import keyword
import os
import re
import sys

import nbformat

from tools.course import ROOT, assignments, notebook_name
from tools.nbauthor import md, solution, tests

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
HEADING = re.compile(r"^## Exercise (\d+)", re.M)


class ScaffoldError(Exception):
    """The exercise cannot be added as asked; the message says why and what to do."""


# ------------------------------------------------------------------ the pieces, as text


def _answer(name: str, world: int | None) -> str:
    if world:
        return (f"def {name}(t: torch.Tensor) -> torch.Tensor:\n"
                f'    """On every rank: the mean of `t` over all ranks, as a new tensor (`t` itself unchanged)."""\n'
                "    ### BEGIN SOLUTION\n"
                "    total = t.clone()\n"
                "    dist.all_reduce(total)\n"
                "    return total / dist.get_world_size()\n"
                "    ### END SOLUTION")
    return (f"def {name}(values: list) -> float:\n"
            f'    """The mean of `values`; ValueError if there are none."""\n'
            "    ### BEGIN SOLUTION\n"
            "    if not values:\n"
            '        raise ValueError("no values to average")\n'
            "    return sum(values) / len(values)\n"
            "    ### END SOLUTION")


def _visible(name: str, assignment: str, world: int | None) -> str:
    """A test cell: its docstring, the hidden check first (its diagnosis reaches the student even when a
    visible assert fails or a visible launch crashes), then the visible asserts."""
    hidden = f"### BEGIN HIDDEN TESTS\nfrom probes import {assignment} as probe\nprobe.{name}({name})\n### END HIDDEN TESTS"
    if world:
        return (f'"""{name} on 2 ranks: both get the same tensor, the input unchanged (hidden: the values, on {world} ranks)."""\n'
                + hidden + "\n"
                f"def _check_{name}():\n"
                "    device = helpers.rank_device()\n"
                "    t = torch.tensor([1.0 + 2 * dist.get_rank()], device=device)\n"
                f"    out = {name}(t)\n"
                "    return out.cpu().tolist(), t.cpu().tolist()\n"
                f"(out0, t0), (out1, t1) = helpers.launch(_check_{name}, 2)\n"
                f'assert out0 == out1, f"{name}: rank 0 got {{out0}}, rank 1 {{out1}}: every rank must get the same result"\n'
                f'assert (t0, t1) == ([1.0], [3.0]), "{name} changed its argument: work on a copy"')
    return (f'"""{name}: a small case (hidden: the cases of probes.{assignment}.{name}_cases, and no values)."""\n'
            + hidden + "\n"
            f'assert {name}([1.0, 2.0]) == 1.5, "{name}([1.0, 2.0]) should be 1.5"')


def _probe(name: str, assignment: str, number: int, world: int | None) -> str:
    if world:
        return f'''

# --------------------------------------------------------------------------- exercise {number}: {name}


def {name}_cases(rank: int, world_size: int) -> list:
    """What rank `rank` holds in each case of the hidden test of {name} (the judge rebuilds them from here)."""
    return [torch.tensor([float(rank)]), torch.arange(4.0) * (rank + 1), torch.full((2, 3), -1.5 * rank)]


def _{name}_rank(fn) -> list:
    device = helpers.rank_device()
    results = []
    for case in {name}_cases(dist.get_rank(), dist.get_world_size()):
        t = case.to(device)
        before = t.clone()
        got = outcome(fn, t)
        if isinstance(got.get("returned"), torch.Tensor):
            got["returned"] = got["returned"].detach().cpu()
        got["changed_input"] = not torch.equal(t, before)
        results.append(got)
    return results


def {name}(fn) -> None:
    """Exercise {number}: {name} on {world} ranks: what each rank's call returned or raised, and whether it changed its input."""
    report("{assignment}.{name}", {{"ranks": run_ranks("{name}", _{name}_rank, {world}, fn)}})
'''
    return f'''

# --------------------------------------------------------------------------- exercise {number}: {name}


def {name}_cases() -> list:
    """The arguments the hidden test gives {name}, one tuple per call (the judge rebuilds them from here)."""
    return [([1.0, 2.0, 3.0],), ([-4.5],), ([0.1] * 7,), ([],)]


def {name}(fn) -> None:
    """Exercise {number}: {name} on every case: what it returned or raised."""
    report("{assignment}.{name}", {{"results": [outcome(fn, *case) for case in {name}_cases()]}})
'''


def _judge(name: str, number: int, world: int | None) -> str:
    if world:
        return f'''

# --------------------------------------------------------------------------- exercise {number}: {name}


@observes("ranks")
def judge_{name}(observation) -> None:
    """Exercise {number}: every rank gets the mean over the ranks, and no rank's input changes."""
    held = [probe.{name}_cases(rank, {world}) for rank in range({world})]
    for rank, results in observed(range({world}), observation["ranks"]):
        for (index, case), got in observed(enumerate(held[rank]), results):
            what = f"{name} (rank {{rank}} of {world}, a tensor of shape {{tuple(case.shape)}})"
            if "raised" in got:
                raise AssertionError(f"{{what}} raised {{type_name(got['raised'])}}: {{got['raised']}}")
            if got["changed_input"]:
                raise AssertionError(f"{{what}} changed its argument: reduce a copy (t.clone()), not the caller's tensor")
            summed = sum(cases[index] for cases in held)
            right = summed / {world}
            got = got["returned"]
            if (isinstance(got, torch.Tensor) and got.shape == right.shape and not torch.allclose(summed, right)
                    and torch.allclose(got.double(), summed.double())):
                raise AssertionError(f"{{what}}: the values were summed over the ranks, not averaged "
                                     "(divide by the world size)")
            assert_tensors_close(got, right, what)
'''
    return f'''

# --------------------------------------------------------------------------- exercise {number}: {name}


@observes("results")
def judge_{name}(observation) -> None:
    """Exercise {number}: the mean of every non-empty case, and a ValueError for no values."""
    for (values,), got in observed(probe.{name}_cases(), observation["results"]):
        what = f"{name}({{values!r}})"
        if not values:
            if "returned" in got:
                raise AssertionError(f"{{what}} returned {{got['returned']!r}}: with no values it must raise ValueError")
            if not isinstance(got["raised"], Raised) or not got["raised"].isa("ValueError"):
                raise AssertionError(f"{{what}} raised {{type_name(got['raised'])}}; the exercise asks for a ValueError "
                                     "when there are no values")
            continue
        if "raised" in got:
            raise AssertionError(f"{{what}} raised {{type_name(got['raised'])}}: {{got['raised']}}")
        right = sum(values) / len(values)
        if not isinstance(got["returned"], (int, float)) or abs(got["returned"] - right) > 1e-9 * max(1.0, abs(right)):
            raise AssertionError(f"{{what}}: {{off(got['returned'], right)}}; the mean divides the sum by the number of values")
'''


def _corpus(name: str, assignment: str, world: int | None) -> str:
    if world:
        wrong, doc, phrase = ("    total = t.clone()\\n    dist.all_reduce(total)\\n    return total",
                              "Summed over the ranks and forgot to divide by the world size.", "summed over the ranks")
    else:
        wrong, doc, phrase = ("    return sum(values) / max(len(values), 1)",
                              "Returns 0 for no values instead of raising the ValueError the exercise asks for.",
                              "it must raise ValueError")
    signature = _answer(name, world).splitlines()[0]
    return f'''"""{doc}"""

CELLS = {{
    "{name}": """{signature}
{wrong.replace(chr(92) + "n", chr(10))}
""",
}}
LOSES = {{
    "{name}_matches_reference": "{phrase}",
}}
'''


# ------------------------------------------------------------------ writing them


def _ensure_imports(text: str, lines: list[str]) -> str:
    """`text` with each import line of `lines` it lacks added after its last top-level import."""
    tree = ast.parse(text)
    have = {ast.unparse(node) for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))}
    names = {alias.asname or alias.name for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
             for alias in node.names}
    missing = []
    for line in lines:
        node = ast.parse(line).body[0]
        if ast.unparse(node) in have or all((a.asname or a.name) in names for a in node.names):
            continue
        missing.append(line)
    if not missing:
        return text
    last = max(node.end_lineno for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom)))
    out = text.splitlines(keepends=True)
    return "".join(out[:last] + [line + "\n" for line in missing] + out[last:])


def _defined(path: str) -> set[str]:
    with open(path, encoding="utf-8") as fh:
        return {node.name for node in ast.parse(fh.read()).body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}


def add_exercise(assignment: str, name: str, points: int = 2, world_size: int | None = None, root: str = ROOT,
                 title: str | None = None) -> list[str]:
    """Add the exercise; return the files written. Nothing is written if any check fails."""
    if assignment not in assignments(root):
        raise ScaffoldError(f"{assignment!r} is not an assignment; name one of {', '.join(assignments(root))}")
    if not NAME.match(name or "") or keyword.iskeyword(name) or name.startswith(("quiz", "written")):
        raise ScaffoldError(f"{name!r} cannot name an exercise: use a snake_case Python name (lower case, digits, _), "
                            "not a keyword, not starting with quiz or written; it becomes the function the student writes")
    if points < 1:
        raise ScaffoldError(f"an exercise is worth at least 1 point, not {points}")
    if world_size is not None and not 2 <= world_size <= 8:
        raise ScaffoldError(f"--world-size {world_size}: use 2 to 8 ranks (the probe runs them on one machine)")
    nb_path = os.path.join(root, "source", assignment, notebook_name(assignment, root))
    probe_path = os.path.join(root, "probes", f"{assignment}.py")
    judge_path = os.path.join(root, "autograders", f"{assignment}.py")
    nb = nbformat.read(nb_path, as_version=4)
    ids = {c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells}
    taken = {name, f"{name}_intro", f"{name}_matches_reference"} & ids
    if taken or name in _defined(probe_path) or f"judge_{name}" in _defined(judge_path):
        raise ScaffoldError(f"{assignment} already has {sorted(taken) or name}: choose another name")
    number = max((int(m) for c in nb.cells if c.cell_type == "markdown" for m in HEADING.findall(c.source)), default=0) + 1
    corpus_path = os.path.join(root, "tests", "submissions", assignment, f"ex{number}_{name}_wrong.py")
    if os.path.exists(corpus_path):
        raise ScaffoldError(f"{os.path.relpath(corpus_path, root)} exists already: move it away first")

    heading = title or name.replace("_", " ")
    where = "on every rank; the process group is already initialised" if world_size else "in one process"
    intro = (f"## Exercise {number}: {heading} ({points} point{'s' * (points != 1)})\n\n"
             f"Write `{name}` ({where}). Say here everything the hidden test checks, and nothing it does not: the\n"
             "arguments, what it returns, what it raises and when, what it must not change, which ranks return what.\n"
             f"Each sentence is a row of `docs/audit/{assignment}.md`.")
    cells = [md(f"{name}_intro", intro), solution(name, _answer(name, world_size)),
             tests(f"{name}_matches_reference", _visible(name, assignment, world_size), points=points)]
    first_after = next((i for i, c in enumerate(nb.cells)
                        if str(c.metadata.get("nbgrader", {}).get("grade_id", "")).startswith(("quiz", "written"))),
                       len(nb.cells))
    nb.cells[first_after:first_after] = [nbformat.from_dict(c) for c in cells]

    with open(probe_path, encoding="utf-8") as fh:
        probe_text = fh.read()
    probe_imports = ["from probes import outcome, report"]
    if world_size:
        probe_imports += ["import torch", "import torch.distributed as dist", "import helpers",
                          "from probes.common import run_ranks"]
    probe_text = _ensure_imports(probe_text, probe_imports).rstrip("\n") + "\n" + _probe(name, assignment, number, world_size)
    with open(judge_path, encoding="utf-8") as fh:
        judge_text = fh.read()
    judge_imports = ["from autograders.common import observed, observes, off", "from grader.judge import Raised, type_name",
                     f"from probes import {assignment} as probe"]
    if world_size:
        judge_imports += ["import torch", "from autograders.common import assert_tensors_close"]
    judge_text = _ensure_imports(judge_text, judge_imports).rstrip("\n") + "\n" + _judge(name, number, world_size)
    for text, path in ((probe_text, probe_path), (judge_text, judge_path)):
        compile(text, path, "exec")  # nothing is written if a piece would not parse

    nbformat.write(nb, nb_path)
    for text, path in ((probe_text, probe_path), (judge_text, judge_path),
                       (_corpus(name, assignment, world_size), corpus_path)):
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    from tools import clean_notebooks, release

    clean_notebooks.main([nb_path])
    written = [nb_path, probe_path, judge_path, corpus_path]
    written += release.generate(root, [assignment])
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("assignment", nargs="?", help="e.g. ps2_ddp")
    parser.add_argument("name", nargs="?", help="the function the student writes, snake_case, e.g. clip_gradients")
    parser.add_argument("--points", type=int, default=2)
    parser.add_argument("--world-size", type=int, default=None, help="run the student's function on this many ranks")
    parser.add_argument("--title", help="the heading's words (default: the name with spaces)")
    args = parser.parse_args(argv)
    if not args.assignment or not args.name:
        parser.error("give the assignment and the exercise's name, e.g. make exercise A=ps2_ddp NAME=clip_gradients POINTS=2")
    try:
        written = add_exercise(args.assignment, args.name, args.points, args.world_size, title=args.title)
    except ScaffoldError as exc:
        parser.error(str(exc))
    for path in written:
        print("wrote", os.path.relpath(path, ROOT))
    print(f"next: make check A={args.assignment}, then replace the example by your exercise, piece by piece")
    return 0


if __name__ == "__main__":
    sys.exit(main())
