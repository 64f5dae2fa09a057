# "carol": every answer correct, plus a two-process memory hog appended to the training_memory answer cell.
# Her sandbox hits its OWN 6 GiB cgroup cap (memsw fails first on cgroup v1), so memory.failcnt stays 0.
import sys
sys.path.insert(0, "CLONE")
import nbformat
from tools.submissions import solution_text
src = nbformat.read("CLONE/source/ps1_memory/ps1_memory.ipynb", as_version=4)
cell = [c for c in src.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory"][0]
HOG = '''
import os, time
_kids = []
for _i in range(2):
    _pid = os.fork()
    if _pid == 0:
        _b = b"\\x01" * (3500 * 2**20)
        time.sleep(30)
        os._exit(0)
    _kids.append(_pid)
for _p in _kids:
    os.waitpid(_p, 0)
'''
OVERRIDES = {"training_memory": solution_text(cell) + "\n" + HOG}
