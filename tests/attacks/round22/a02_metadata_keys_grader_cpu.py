"""a02: a01 by another count. Admission caps a hand-in's JSON lists and objects (200,000) and bytes (64 MiB), not the
keys of one object: one added markdown cell whose metadata holds K distinct keys ("k0": 0, "k1": 0, ...) is one
container. nbformat turns every dict into a NotebookNode key by key on each read, nbgrader and nbconvert copy the
notebook, validate it and write it back, and the feedback page does it again; all of it in root processes outside
the sandbox's CPU share, and (but for the execute step) outside round 21's 30 s CPU timer. Same measurement as a01,
beside an honest student."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import a01_many_cells_grader_cpu as a01
import nbformat

K = int(os.environ.get("K", "2500000"))


def hostile():
    def mutate(nb):
        nb.cells.append(nbformat.v4.new_markdown_cell("y"))
    return a01.notebook(mutate=mutate, assignment=a01.A)


def patch(path):
    nb = json.load(open(path))
    nb["cells"][-1]["metadata"] = {f"k{i}": 0 for i in range(K)}
    json.dump(nb, open(path, "w"))


a01.hostile = hostile
a01.patch = patch
a01.N = K
a01.r18_runner = (lambda f: (lambda prefix, a: f(prefix.replace("a01-", "a02-"), a)))(a01.r18_runner)

if __name__ == "__main__":
    a01.main()
