# sam's replacement hand-in: the blank release plus the a1 hog (two 3.5 GiB children) in the training_memory answer cell.
import nbformat
nb = nbformat.read("CLONE/release/ps1_memory/ps1_memory.ipynb", as_version=4)
for c in nb.cells:
    if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = '''import os, time
_kids = []
for _i in range(2):
    _pid = os.fork()
    if _pid == 0:
        _b = b"\\x01" * (3500 * 2**20)
        time.sleep(30)
        os._exit(0)
    _kids.append(_pid)
for _p in _kids:
    os.waitpid(_p, 0)'''
nbformat.write(nb, "CLONE/submitted/sam/ps1_memory/ps1_memory.ipynb")
nbformat.write(nb, "NOTES/a11_replaced/sam_v2.ipynb")
