"""a22: where the exchange cannot tell students apart by owner (JupyterHub with one container uid for everyone,
jovyan; or accounts whose names are not the ids), SafeCollect refuses every folder unless the TA sets
CollectApp.check_owner=False, as its own refusal message says. Then a folder mallory names
`aaron+ps1_memory+2099-...` is aaron's newest and is collected as his. Controls aaron (real folder), zoe."""
import os, sys, subprocess, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = make_course("noowner")
ex = "/tmp/attack39-root-exch-noowner"; shutil.rmtree(ex, ignore_errors=True)
inbound = f"{ex}/distcourse/inbound"; os.makedirs(inbound); os.chmod(inbound, 0o2733)
good = solution_nb(); empty = nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", as_version=4)
for name, nb in (("aaron+ps1_memory+2024-01-30 15:00:00.000000 UTC+r1", good), ("mallory+ps1_memory+2024-01-30 15:01:00.000000 UTC+r2", good),
                 ("zoe+ps1_memory+2024-01-30 15:02:00.000000 UTC+r3", good), ("aaron+ps1_memory+2099-01-01 00:00:00.000000 UTC+m", empty)):
    os.makedirs(f"{inbound}/{name}"); nbformat.write(nb, f"{inbound}/{name}/ps1_memory.ipynb")
    os.chown(f"{inbound}/{name}", 1000, 1000)  # every student is the same container user (jovyan, uid 1000)
for flags in ([], ["--CollectApp.check_owner=False"]):
    shutil.rmtree(f"{d}/submitted", ignore_errors=True)
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "collect", "ps1_memory", f"--Exchange.root={ex}", *flags], cwd=d, capture_output=True, text=True)
    print("collect", flags, "rc", r.returncode, "collected:", sorted(os.listdir(f"{d}/submitted")) if os.path.isdir(f"{d}/submitted") else [],
          "| refusals:", (r.stdout + r.stderr).count("not collected"))
grade(d); scores(d)
shutil.rmtree(ex, ignore_errors=True)
