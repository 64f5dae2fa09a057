"""a03: a01 and a02 together in one hand-in under both admission caps: the release notebook plus N one-character
markdown cells (sources as JSON strings, 2 containers a cell) and, in the last one's metadata, K distinct keys (one
container). How much root CPU, outside the sandbox's share and (but for the execute step) outside round 21's 30 s
timer, one such hand-in costs. Same measurement as a01, beside an honest student."""
import os, sys, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import a01_many_cells_grader_cpu as a01

K = int(os.environ.get("K", "3900000"))
a01.N = int(os.environ.get("N", "98000"))


def patch(path):
    nb = json.load(open(path))
    for c in nb["cells"]:
        if c["cell_type"] == "markdown" and c["source"] == ["x"]:
            c["source"] = "x"
    nb["cells"][-1]["metadata"] = {f"k{i}": 0 for i in range(K)}
    json.dump(nb, open(path, "w"))


a01.patch = patch
a01.r18_runner = (lambda f: (lambda prefix, a: f(prefix.replace("a01-", "a03-"), a)))(a01.r18_runner)

if __name__ == "__main__":
    a01.main()
