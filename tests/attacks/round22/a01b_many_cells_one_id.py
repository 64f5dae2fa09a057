"""a01b: a01 with every added markdown cell carrying one and the same cell id ("dup"): nbformat repairs each duplicate
on every read with a warning of its own (the corrected id is random, so Python's warnings registry never folds
them), on stderr of the grading child. Does the grader spend more, and how much of it reaches the grader's output
(the TA's log)? Same measurement as a01, beside an honest student."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import a01_many_cells_grader_cpu as a01


def patch(path):
    nb = json.load(open(path))
    for c in nb["cells"]:
        if c["cell_type"] == "markdown" and c["source"] == ["x"]:
            c["source"] = "x"
            c["id"] = "dup"
    json.dump(nb, open(path, "w"))


a01.patch = patch

import subprocess
_communicate = subprocess.Popen.communicate


def communicate(self, *args, **kwargs):  # the size of what the grading command printed (the TA's log)
    out, err = _communicate(self, *args, **kwargs)
    if isinstance(err, str):
        print(f"grading command printed {len(out or ''):,} characters on stdout, {len(err):,} on stderr, "
              f"{err.count('Non-unique cell id'):,} of them lines naming a non-unique cell id", flush=True)
    return out, err


subprocess.Popen.communicate = communicate
a01.r18_runner = (lambda f: (lambda prefix, a: f(prefix.replace("a01-", "a01b-"), a)))(a01.r18_runner)

if __name__ == "__main__":
    a01.main()
