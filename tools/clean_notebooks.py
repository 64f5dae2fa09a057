"""Clean notebooks for committing: no outputs, no execution counts, one generic kernelspec.

    python -m tools.clean_notebooks            # clean notebooks/, source/ and release/ in place
    python -m tools.clean_notebooks --check    # list unclean notebooks and exit 1 (used by make test)
"""

from __future__ import annotations

import argparse
import glob
import json
import sys

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
KEEP_NOTEBOOK_METADATA = ("kernelspec", "language_info")
KEEP_CELL_METADATA = ("nbgrader", "tags", "deletable", "editable")
FOLDERS = ("notebooks", "source", "release")


def clean(nb: dict) -> dict:
    """Return the notebook as it should be committed."""
    meta = {k: v for k, v in nb.get("metadata", {}).items() if k in KEEP_NOTEBOOK_METADATA}
    meta["kernelspec"] = dict(KERNELSPEC)
    meta["language_info"] = {"name": "python"}
    nb["metadata"] = meta
    for cell in nb.get("cells", []):
        cell["metadata"] = {k: v for k, v in cell.get("metadata", {}).items() if k in KEEP_CELL_METADATA}
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        else:
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
    return nb


def serialise(nb: dict) -> str:
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def notebook_paths(folders=FOLDERS) -> list[str]:
    paths = []
    for folder in folders:
        paths += glob.glob(f"{folder}/**/*.ipynb", recursive=True)
    return sorted(p for p in paths if ".ipynb_checkpoints" not in p)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report unclean notebooks")
    parser.add_argument("paths", nargs="*", help="notebooks (default: notebooks/, source/, release/)")
    args = parser.parse_args(argv)
    unclean = []
    for path in args.paths or notebook_paths():
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        try:
            wanted = serialise(clean(json.loads(text)))
        except json.JSONDecodeError as exc:
            print(f"{path}: not valid JSON ({exc}); fix it by hand", file=sys.stderr)
            return 2
        if wanted != text:
            unclean.append(path)
            if not args.check:
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(wanted)
    if args.check and unclean:
        print("Notebooks with outputs, execution counts or volatile metadata (run `make clean-notebooks`):")
        print("\n".join("  " + p for p in unclean))
        return 1
    if not args.check and unclean:
        print(f"cleaned {len(unclean)} notebook(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
