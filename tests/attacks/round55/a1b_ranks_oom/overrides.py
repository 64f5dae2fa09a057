# "pat": an honest-looking mistake: every answer correct, and the training_memory answer cell tries its idea on
# 4 ranks of helpers.launch that each build a 2 GiB tensor (8 GiB together, over the sandbox's 6 GiB cap).
# Expected by the README: that cell's own failure at most. Seen: the whole submission "failed, no fault of the hand-in".
import sys
sys.path.insert(0, "CLONE")
import nbformat
from tools.submissions import solution_text
src = nbformat.read("CLONE/source/ps1_memory/ps1_memory.ipynb", as_version=4)
cell = [c for c in src.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory"][0]
TRY = '''
import helpers, torch
def _big():
    t = torch.ones(2**29)  # 2 GiB of float32 per rank
    return float(t.sum())
try:
    print(helpers.launch(_big, 4, timeout=60))
except Exception as e:
    print("launch failed:", type(e).__name__, str(e)[:200])
'''
OVERRIDES = {"training_memory": solution_text(cell) + "\n" + TRY}
