# "ned": all answers correct; the training_memory answer cell also launches 4 forked ranks that each print 60 MB
# (the new relay pipes copy ranks' output into the cell), plus a rank's grandchild that keeps printing after launch returns.
import sys
sys.path.insert(0, "CLONE")
import nbformat
from tools.submissions import solution_text
src = nbformat.read("CLONE/source/ps1_memory/ps1_memory.ipynb", as_version=4)
cell = [c for c in src.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory"][0]
FLOOD = '''
import helpers, os, sys
def _flood():
    if os.fork() == 0:
        for _ in range(200000):
            print("G" * 1000)
        os._exit(0)
    line = "R" * 1000
    for _ in range(60000):
        print(line)
    sys.stderr.write("E" * 10**7)
    return 0
try:
    helpers.launch(_flood, 4, timeout=100)
except Exception as e:
    print("launch:", type(e).__name__)
'''
OVERRIDES = {"training_memory": solution_text(cell) + "\n" + FLOOD}
