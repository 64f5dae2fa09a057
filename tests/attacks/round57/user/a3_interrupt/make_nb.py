"""xena's hand-in: the solution, except that its five quiz answers are wrong in odd minutes (the kernel reads the
clock): the regrade's attempt then scores differently from the finished grading before it."""
import json
nb = json.load(open("CLONE/source/ps1_memory/ps1_memory.ipynb"))
for c in nb["cells"]:
    g = c["metadata"].get("nbgrader", {}).get("grade_id")
    src = "".join(c["source"])
    if g and g.startswith("quiz_q") and not g.endswith(("_correct", "_text")) and c["cell_type"] == "code":
        line = [l for l in src.splitlines() if l[:1] == "q" and " = " in l][0]
        name, key = line.split(" = ")
        key = key.strip().strip('"')
        wrong = "a" if key != "a" else "b"
        c["source"] = f'import time as _t\n{name} = "{wrong}" if (int(_t.time()) // 60) % 2 == 1 else "{key}"\n'
json.dump(nb, open("ps1_memory.ipynb", "w"), indent=1)
