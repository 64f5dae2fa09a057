"""A14: points without the work, no window, no git: the checkout's tests/ stays readable to every local user (round
47's fix privatises source/ and autograders/ only; the README keeps the rest readable), and
tests/submissions/<assignment>/alternative_correct.py is a complete correct hand-in ("A correct submission written
differently from ours"), quiz answers included. eve48, as herself, fills her release notebook (public) with its
CELLS by grade id and hands it in (as mallory, between the controls aaron and zoe)."""
import os, subprocess, sys, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
make = r'''
import ast, json, sys
src = open("CLONE/tests/submissions/ps1_memory/alternative_correct.py").read()
tree = ast.parse(src)
cells = next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == "CELLS")
nb = json.load(open("CLONE/release/ps1_memory/ps1_memory.ipynb"))
filled = 0
for c in nb["cells"]:
    gid = c.get("metadata", {}).get("nbgrader", {}).get("grade_id")
    if gid in cells:
        c["source"] = cells[gid]; filled += 1
json.dump(nb, open("/tmp/eve48-a14/ps1_memory.ipynb", "w"))
print("eve filled", filled, "cells of", len(cells), "from tests/submissions; ids:", sorted(cells))
'''
shutil.rmtree("/tmp/eve48-a14", ignore_errors=True); os.makedirs("/tmp/eve48-a14"); os.chown("/tmp/eve48-a14", 2481, 2481)
r = subprocess.run(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "-c", make], capture_output=True, text=True)
print(r.stdout, r.stderr[-500:])
nb = open("/tmp/eve48-a14/ps1_memory.ipynb").read()
d, r, sc = run_class("a14", "ps1_memory", {"mallory": nb})
print("mallory (eve's notebook from tests/submissions):", sc.get("mallory"), "controls:", sc.get("aaron"), sc.get("zoe"))
shutil.rmtree("/tmp/eve48-a14")
