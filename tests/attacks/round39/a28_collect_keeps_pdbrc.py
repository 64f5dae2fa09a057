"""a28: a16's `.pdbrc` through the exchange: does SafeCollect (which leaves out tool files) collect it?"""
import os, sys, subprocess, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = make_course("pdbcollect"); good = solution_nb()
ex = "/tmp/attack39-root-exch-pdb"; shutil.rmtree(ex, ignore_errors=True)
inbound = f"{ex}/distcourse/inbound"; os.makedirs(inbound)
for name in ("aaron+ps1_memory+2024-01-30 15:00:00.000000 UTC+r1", "mallory+ps1_memory+2024-01-30 15:01:00.000000 UTC+r2", "zoe+ps1_memory+2024-01-30 15:02:00.000000 UTC+r3"):
    os.makedirs(f"{inbound}/{name}"); nbformat.write(good, f"{inbound}/{name}/ps1_memory.ipynb")
    if name.startswith("mallory"):
        for f in (".pdbrc", "nbgrader_config.py", "conftest.py", "matplotlibrc"): open(f"{inbound}/{name}/{f}", "w").write("x\n")
        os.makedirs(f"{inbound}/{name}/.hg"); open(f"{inbound}/{name}/.hg/hgrc", "w").write("[hooks]\n")
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "collect", "ps1_memory", f"--Exchange.root={ex}", "--CollectApp.check_owner=False"], cwd=d, capture_output=True, text=True)
print("collect rc", r.returncode, "collected:", sorted(os.listdir(f"{d}/submitted")))
print("mallory's collected files:", sorted(os.listdir(f"{d}/submitted/mallory/ps1_memory")))
shutil.rmtree(ex, ignore_errors=True)
