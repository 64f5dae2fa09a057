"""Add a graded exercise to an assignment, wired end to end: `make exercise A=ps2_ddp NAME=clip_gradients`.

    python -m tools.scaffold ps2_ddp clip_gradients --points 2                    # runs in the student's process
    python -m tools.scaffold ps2_ddp clip_gradients --points 3 --world-sizes 2,4  # runs on every rank

It writes, following CONTRIBUTING.md, a small exercise that already works, so that `make check
A=<assignment>` passes at once and every piece can then be replaced by the real one:

- source/<A>/<A>.ipynb: the heading "## Exercise k: ... (p points)" in the notebook's own style (k
  counted, not typed; a numbered quiz and written answer after it move down one), the answer cell with
  the solution between the markers, the test cell `<name>_matches_reference` with the hidden probe call
  first and a visible assert, inserted before the quiz; a row "k. ... | p" in the introduction's
  `| exercise | points |` table and, where the introduction lists the exercises by number, an item there;
- probes/<A>.py: `<name>_cases()` (the inputs, public: the judge rebuilds them from here) and the
  probe `@check <name>(fn)`, which runs the student's function in one process or, with --world-sizes,
  on every rank at each of those world sizes (`<name>_WORLD_SIZES`), and reports what happened as data
  (a rank hands back class names, messages and CPU tensors, never the student's object or exception);
- autograders/<A>.py: `judge_<name>`, which pairs its rebuilt cases with the report (`observed`, so a
  report with a piece cut out is refused) and names the mistake; its imports merged into the module's;
- tests/submissions/<A>/ex<k>_<name>.py: the exercise's corpus file, with a realistic wrong submission (and
  the phrase its feedback must contain) and a correct alternative written differently; add yours there;
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

from grader.course import ROOT, assignments, notebook_name
from tools.nbauthor import md, solution, tests

NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class ScaffoldError(Exception):
    """The exercise cannot be added as asked; the message says why and what to do."""


# ------------------------------------------------------------------ the pieces, as text


def _answer(name: str, world: tuple[int, ...] | None) -> str:
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


def _visible(name: str, assignment: str, world: tuple[int, ...] | None) -> str:
    """A test cell: its docstring, the hidden check first (its diagnosis reaches the student even when a
    visible assert fails or a visible launch crashes), then the visible asserts."""
    hidden = f"### BEGIN HIDDEN TESTS\nfrom probes import {assignment} as probe\nprobe.{name}({name})\n### END HIDDEN TESTS"
    if world:
        n, sizes = min(world), " and ".join(map(str, world))
        return (f'"""{name} on {n} ranks: every rank gets the same tensor, the input unchanged (hidden: the values, '
                f'on {sizes} ranks)."""\n'
                + hidden + "\n"
                f"def _check_{name}():\n"
                "    device = helpers.rank_device()\n"
                "    t = torch.tensor([1.0 + 2 * dist.get_rank()], device=device)\n"
                f"    out = {name}(t)\n"
                "    return out.cpu().tolist(), t.cpu().tolist()\n"
                f"outs, ins = zip(*helpers.launch(_check_{name}, {n}))\n"
                f'assert len(set(map(tuple, outs))) == 1, f"{name}: the ranks got {{list(outs)}}: every rank must get the same result"\n'
                f'assert list(ins) == [[1.0 + 2 * r] for r in range({n})], "{name} changed its argument: work on a copy"')
    return (f'"""{name}: a small case (hidden: the cases of probes.{assignment}.{name}_cases, and no values)."""\n'
            + hidden + "\n"
            f'assert {name}([1.0, 2.0]) == 1.5, "{name}([1.0, 2.0]) should be 1.5"')


def _probe(name: str, assignment: str, number: int, world: tuple[int, ...] | None) -> str:
    if world:
        return f'''

# --------------------------------------------------------------------------- exercise {number}: {name}

#: The world sizes the hidden test of {name} runs on (the judge reads them from here).
{name.upper()}_WORLD_SIZES = {tuple(world)!r}


def {name}_cases(rank: int, world_size: int) -> list:
    """What rank `rank` holds in each case of the hidden test of {name} (the judge rebuilds them from here)."""
    return [torch.tensor([float(rank)]), torch.arange(4.0) * (rank + 1), torch.full((2, 3), -1.5 * rank)]


def _{name}_rank(fn) -> list:
    """On each rank, for each case: what the call did, as plain data (the exception's class name and message,
    the returned tensor on the CPU, or the returned object's type), and whether it changed its input."""
    device = helpers.rank_device()
    results = []
    for case in {name}_cases(dist.get_rank(), dist.get_world_size()):
        t = case.to(device)
        before = t.clone()
        got = outcome(fn, t)
        if "raised" in got:
            seen = {{"raised": type(got["raised"]).__name__, "message": str(got["raised"])[:500]}}
        elif isinstance(got["returned"], torch.Tensor):
            seen = {{"returned": got["returned"].detach().cpu()}}
        else:
            seen = {{"returned_type": type(got["returned"]).__name__}}
        seen["changed_input"] = not torch.equal(t, before)
        results.append(seen)
    return results


@check
def {name}(fn) -> None:
    """Exercise {number}: {name} on every rank, at each of {name.upper()}_WORLD_SIZES: what each rank's call
    returned or raised, and whether it changed its input."""
    runs = [run_ranks("{name}", _{name}_rank, world_size, fn) for world_size in {name.upper()}_WORLD_SIZES]
    report("{assignment}.{name}", {{"runs": runs}})
'''
    return f'''

# --------------------------------------------------------------------------- exercise {number}: {name}


def {name}_cases() -> list:
    """The arguments the hidden test gives {name}, one tuple per call (the judge rebuilds them from here)."""
    return [([1.0, 2.0, 3.0],), ([-4.5],), ([0.1] * 7,), ([],)]


@check
def {name}(fn) -> None:
    """Exercise {number}: {name} on every case: what it returned or raised."""
    report("{assignment}.{name}", {{"results": [outcome(fn, *case) for case in {name}_cases()]}})
'''


def _judge(name: str, number: int, world: tuple[int, ...] | None) -> str:
    if world:
        return f'''

# --------------------------------------------------------------------------- exercise {number}: {name}


def judge_{name}(observation) -> None:
    """Exercise {number}: every rank gets the mean over the ranks, and no rank's input changes."""
    for world, ranks in observed(probe.{name.upper()}_WORLD_SIZES, observation["runs"]):
        held = [probe.{name}_cases(rank, world) for rank in range(world)]
        for rank, results in observed(range(world), ranks):
            for (index, case), got in observed(enumerate(held[rank]), results):
                _judge_{name}_case(got, held, index, f"{name} (rank {{rank}} of {{world}}, a tensor of shape {{tuple(case.shape)}})")


def _judge_{name}_case(got, held, index, what) -> None:
    if "raised" in got:
        raise AssertionError(f"{{what}} raised {{got['raised']}}: {{got['message']}}")
    if "returned_type" in got:
        raise AssertionError(f"{{what}} returned {{got['returned_type']}}, not a tensor")
    if got["changed_input"]:
        raise AssertionError(f"{{what}} changed its argument: reduce a copy (t.clone()), not the caller's tensor")
    summed = sum(cases[index] for cases in held)
    right = summed / len(held)
    got = got["returned"]
    if (isinstance(got, torch.Tensor) and got.shape == right.shape and not torch.allclose(summed, right)
            and torch.allclose(got.double(), summed.double())):
        raise AssertionError(f"{{what}}: the values were summed over the ranks, not averaged "
                             "(divide by the world size)")
    assert_tensors_close(got, right, what)
'''
    return f'''

# --------------------------------------------------------------------------- exercise {number}: {name}


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


def _corpus(name: str, assignment: str, world: tuple[int, ...] | None) -> str:
    """The exercise's corpus file: a realistic wrong submission and a correct alternative written differently (add
    yours beside them: one file per exercise, one entry per submission)."""
    if world:
        wrong, doc, phrase = ("    total = t.clone()\n    dist.all_reduce(total)\n    return total",
                              "Summed over the ranks and forgot to divide by the world size.", "summed over the ranks")
        right, right_doc = ("    parts = [torch.empty_like(t) for _ in range(dist.get_world_size())]\n"
                            "    dist.all_gather(parts, t)\n    return torch.stack(parts).mean(dim=0)",
                            "Correct, another collective: gathers every rank's tensor and averages them.")
    else:
        wrong, doc, phrase = ("    return sum(values) / max(len(values), 1)",
                              "Returns 0 for no values instead of raising the ValueError the exercise asks for.",
                              "it must raise ValueError")
        right, right_doc = ("    import statistics\n    return statistics.fmean(values)  # StatisticsError is a ValueError",
                            "Correct, another way: the standard library's mean, whose error for no values is a ValueError.")
    signature = _answer(name, world).splitlines()[0]
    return f'''"""Exercise {name}: wrong submissions (each with the phrase its feedback must contain) and correct
alternatives (LOSES = {{}}), one entry each."""

SUBMISSIONS = {{
    "wrong": {{
        "doc": "{doc}",
        "CELLS": {{
            "{name}": """{signature}
{wrong.replace(chr(92) + "n", chr(10))}
""",
        }},
        "LOSES": {{"{name}_matches_reference": "{phrase}"}},
    }},
    "alternative": {{
        "doc": "{right_doc}",
        "CELLS": {{
            "{name}": """{signature}
{right.replace(chr(92) + "n", chr(10))}
""",
        }},
        "LOSES": {{}},
    }},
}}
'''


# ------------------------------------------------------------------ writing them


def _ensure_imports(text: str, lines: list[str]) -> str:
    """`text` with each import of `lines` it lacks: a name from a module the text already imports from is
    merged into that `from ... import` line (never a second line for the same module); any other import is
    added after the last top-level import."""
    out = text.splitlines(keepends=True)
    missing = []
    for line in lines:
        tree = ast.parse("".join(out))
        imports = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
        names = {alias.asname or alias.name for node in imports for alias in node.names}
        node = ast.parse(line).body[0]
        wanted = [a for a in node.names if (a.asname or a.name) not in names]
        if not wanted:
            continue
        same = next((n for n in imports if isinstance(node, ast.ImportFrom) and isinstance(n, ast.ImportFrom)
                     and n.module == node.module and n.level == node.level == 0), None)
        if same is None:
            missing.append(ast.unparse(ast.ImportFrom(module=node.module, names=wanted, level=0))
                           if isinstance(node, ast.ImportFrom) else line)
            continue
        merged = sorted({ast.unparse(a) for a in [*same.names, *wanted]}, key=lambda a: (a[:1].isupper(), a.lower()))
        line = f"from {same.module} import {', '.join(merged)}\n"
        if len(line) > 120:  # the project's line length: one name list in parentheses, wrapped
            import textwrap

            names = textwrap.fill(", ".join(merged) + ",", 116, initial_indent="    ", subsequent_indent="    ")
            line = f"from {same.module} import (\n{names}\n)\n"
        out[same.lineno - 1:same.end_lineno] = [line]
    if not missing:
        return "".join(out)
    tree = ast.parse("".join(out))
    last = max(node.end_lineno for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom)))
    return "".join(out[:last] + [line + "\n" for line in missing] + out[last:])


#: A graded section's heading: "## Exercise 3: ... (4 points)" or "## 3. ... (4 points)".
SECTION = re.compile(r"^## (?P<word>Exercise )?(?P<number>\d+)(?P<sep>[.:]) (?P<title>.*?)(?: \((?P<points>\d+) points?\b.*\))?$")
#: A row of the introduction's points table: "| 3. Title | 4 |" (numbered) or "| Quiz (5 questions) | 5 |".
ROW = re.compile(r"^\| *(?P<label>[^|]*?) *\| *(?P<points>\d+) *\|\s*$")
TABLE_HEADER = re.compile(r"^\| *exercise *\| *points *\|\s*$", re.I)


def _sections(nb) -> list[tuple[int, re.Match]]:
    """(cell index, SECTION match) of every numbered `## ` heading, in order."""
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            m = SECTION.match(cell.source.splitlines()[0] if cell.source else "")
            if m:
                found.append((i, m))
    return found


def points_table(intro: str) -> list[tuple[str, int]]:
    """The rows (label, points) of the `| exercise | points |` table in a notebook's introduction."""
    lines = intro.splitlines()
    start = next((i for i, line in enumerate(lines) if TABLE_HEADER.match(line)), None)
    if start is None:
        return []
    rows = []
    for line in lines[start + 2:]:
        m = ROW.match(line)
        if not m:
            break
        rows.append((m["label"], int(m["points"])))
    return rows


def _add_to_intro(intro: str, number: int, heading: str, points: int) -> str:
    """The introduction with the new exercise in its points table (a row after exercise number-1's) and, where
    it lists the exercises by number (its last numbered item before the quiz is number-1), in that list;
    numbered items after it move down one."""
    lines = intro.splitlines()
    label = heading[:1].upper() + heading[1:]
    start = next((i for i, line in enumerate(lines) if TABLE_HEADER.match(line)), None)
    if start is not None:
        end = start + 2
        while end < len(lines) and ROW.match(lines[end]):
            end += 1
        at = start + 2
        for i in range(start + 2, end):
            n = re.match(r"(\d+)\.", ROW.match(lines[i])["label"])
            if n and int(n[1]) < number:
                at = i + 1
            elif n:  # a numbered quiz or written answer after the exercises moves down one
                lines[i] = re.sub(r"^\| *\d+\.", f"| {int(n[1]) + 1}.", lines[i])
        lines.insert(at, f"| {number}. {label} | {points} |")
    items = [(i, int(m[1])) for i, line in enumerate(lines) if (m := re.match(r"^(\d+)\. ", line))]
    before = [i for i, n in items if n == number - 1]
    if before:
        at = before[-1] + 1
        while at < len(lines) and lines[at].startswith("   ") and lines[at].strip():
            at += 1  # the item's continuation lines
        for i, n in items:
            if i >= at:
                lines[i] = f"{n + 1}." + lines[i][len(str(n)) + 1:]
        lines.insert(at, f"{number}. **{label}** ({points} point{'s' * (points != 1)}): say in one line what it builds.")
    return "\n".join(lines) + ("\n" if intro.endswith("\n") else "")


def _defined(path: str) -> set[str]:
    with open(path, encoding="utf-8") as fh:
        return {node.name for node in ast.parse(fh.read()).body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}


def add_exercise(assignment: str, name: str, points: int = 2, world_sizes=None, root: str = ROOT,
                 title: str | None = None) -> list[str]:
    """Add the exercise; return the files written. Nothing is written if any check fails.

    `world_sizes`: None (the student's function runs in one process) or the world sizes (an int or a
    sequence of ints) the hidden test runs it on, every rank calling it; the visible test uses the smallest."""
    if assignment not in assignments(root):
        raise ScaffoldError(f"{assignment!r} is not an assignment; name one of {', '.join(assignments(root))}")
    if not NAME.match(name or "") or keyword.iskeyword(name) or name.startswith(("quiz", "written")):
        raise ScaffoldError(f"{name!r} cannot name an exercise: use a snake_case Python name (lower case, digits, _), "
                            "not a keyword, not starting with quiz or written; it becomes the function the student writes")
    if points < 1:
        raise ScaffoldError(f"an exercise is worth at least 1 point, not {points}")
    if isinstance(world_sizes, int):
        world_sizes = (world_sizes,)
    world_size = tuple(sorted(set(world_sizes))) if world_sizes else None
    if world_size is not None and not all(2 <= n <= 8 for n in world_size):
        raise ScaffoldError(f"--world-sizes {','.join(map(str, world_size))}: use 2 to 8 ranks each "
                            "(the probe runs them on one machine)")
    nb_path = os.path.join(root, "source", assignment, notebook_name(assignment, root))
    probe_path = os.path.join(root, "probes", f"{assignment}.py")
    judge_path = os.path.join(root, "autograders", f"{assignment}.py")
    nb = nbformat.read(nb_path, as_version=4)
    ids = {c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells}
    taken = {name, f"{name}_intro", f"{name}_matches_reference"} & ids
    if taken or name in _defined(probe_path) or f"judge_{name}" in _defined(judge_path):
        raise ScaffoldError(f"{assignment} already has {sorted(taken) or name}: choose another name")
    first_after = next((i for i, c in enumerate(nb.cells)
                        if str(c.metadata.get("nbgrader", {}).get("grade_id", "")).startswith(("quiz", "written"))),
                       len(nb.cells))
    sections = _sections(nb)
    exercises = [m for i, m in sections if i < first_after]
    number = max((int(m["number"]) for m in exercises), default=0) + 1
    corpus_path = os.path.join(root, "tests", "submissions", assignment, f"ex{number}_{name}.py")
    if os.path.exists(corpus_path):
        raise ScaffoldError(f"{os.path.relpath(corpus_path, root)} exists already: move it away first")

    heading = title or name.replace("_", " ")
    where = "on every rank; the process group is already initialised" if world_size else "in one process"
    style = exercises[-1] if exercises else None
    if style is not None and not style["word"]:  # "## 3. Title (p points)", the title capitalised
        head = f"## {number}. {heading[:1].upper() + heading[1:]}"
    else:
        head = f"## Exercise {number}: {heading}"
    for i, m in sections:  # a numbered quiz or written answer after the exercises moves down one
        if i >= first_after:
            first, _, rest = nb.cells[i].source.partition("\n")
            nb.cells[i].source = (f"## {m['word'] or ''}{int(m['number']) + 1}{m['sep']} "
                                  + first.split(m["sep"] + " ", 1)[1] + ("\n" + rest if rest else ""))
    nb.cells[0].source = _add_to_intro(nb.cells[0].source, number, heading, points)
    intro = (f"{head} ({points} point{'s' * (points != 1)})\n\n"
             f"Write `{name}` ({where}). Say here everything the hidden test checks, and nothing it does not: the\n"
             "arguments, what it returns, what it raises and when, what it must not change, which ranks return what.\n"
             f"Each sentence is a row of `docs/audit/{assignment}.md`.")
    cells = [md(f"{name}_intro", intro), solution(name, _answer(name, world_size)),
             tests(f"{name}_matches_reference", _visible(name, assignment, world_size), points=points)]
    nb.cells[first_after:first_after] = [nbformat.from_dict(c) for c in cells]

    with open(probe_path, encoding="utf-8") as fh:
        probe_text = fh.read()
    probe_imports = ["from probes import check, outcome, report"]
    if world_size:
        probe_imports += ["import torch", "import torch.distributed as dist", "import helpers",
                          "from probes.common import run_ranks"]
    probe_text = _ensure_imports(probe_text, probe_imports).rstrip("\n") + "\n" + _probe(name, assignment, number, world_size)
    with open(judge_path, encoding="utf-8") as fh:
        judge_text = fh.read()
    judge_imports = [f"from probes import {assignment} as probe"]
    if world_size:
        judge_imports += ["import torch", "from autograders.common import assert_tensors_close, observed"]
    else:
        judge_imports += ["from autograders.common import observed, off", "from probes.wire import Raised, type_name"]
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
    parser.add_argument("--world-sizes", "--world-size", dest="world_sizes", default=None,
                        help="run the student's function on every rank, at each of these world sizes (e.g. 2,4)")
    parser.add_argument("--title", help="the heading's words (default: the name with spaces)")
    args = parser.parse_args(argv)
    if not args.assignment or not args.name:
        parser.error("give the assignment and the exercise's name, e.g. make exercise A=ps2_ddp NAME=clip_gradients POINTS=2")
    try:
        sizes = [int(n) for n in args.world_sizes.split(",") if n.strip()] if args.world_sizes else None
        written = add_exercise(args.assignment, args.name, args.points, sizes, title=args.title)
    except ScaffoldError as exc:
        parser.error(str(exc))
    for path in written:
        print("wrote", os.path.relpath(path, ROOT))
    print(f"next: make check A={args.assignment}, then replace the example by your exercise, piece by piece")
    return 0


if __name__ == "__main__":
    sys.exit(main())
