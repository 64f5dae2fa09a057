"""a26: does one inbound folder name stop `nbgrader list --inbound` (and Formgrader's views of the exchange) for the
class? Names tried one at a time beside aaron's and zoe's folders."""
import os, sys, subprocess, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = make_course("listcrash"); good = solution_nb()
for bad in ("mallory+ps1_memory+2024-01-30\n15:01:00 UTC+r", "mallory+ps1_memory+not a date+r", "mallory+ps1_memory+2024-01-30 15:01:00 UTC+r/../x"[:40]):
    ex = "/tmp/attack39-root-exch-list"; shutil.rmtree(ex, ignore_errors=True)
    inbound = f"{ex}/distcourse/inbound"; os.makedirs(inbound)
    for name in ("aaron+ps1_memory+2024-01-30 15:00:00.000000 UTC+r1", bad, "zoe+ps1_memory+2024-01-30 15:02:00.000000 UTC+r3"):
        os.makedirs(f"{inbound}/{name}", exist_ok=True); nbformat.write(good, f"{inbound}/{name}/ps1_memory.ipynb")
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "list", "--inbound", f"--Exchange.root={ex}", "--course=distcourse"], cwd=d, capture_output=True, text=True)
    out = r.stdout + r.stderr
    print(repr(bad), "-> rc", r.returncode, "| aaron listed:", "distcourse aaron" in out, "zoe listed:", "distcourse zoe" in out, "|", out.strip().splitlines()[-1][:120])
shutil.rmtree("/tmp/attack39-root-exch-list", ignore_errors=True)
