"""a07: the TA's terminal, from the exchange. (1) `nbgrader collect`: SafeCollect's Refused message for a folder
nested deeper than 32 quotes the path unescaped (`shown`), and mallory names her folders with escape sequences;
(2) `nbgrader list --inbound` prints each inbound folder's student and time fields raw. Do raw ESC/BEL bytes reach
the TA's terminal? Controls aaron and zoe in the same inbound folder."""
import os, sys, subprocess, shutil
sys.path.insert(0, os.path.dirname(__file__))
from harness import *
d = make_course("esc")
ex = "/tmp/attack39-root-exch-esc"; shutil.rmtree(ex, ignore_errors=True)
inbound = f"{ex}/distcourse/inbound"; os.makedirs(inbound); os.chmod(inbound, 0o2733)
good = solution_nb()
ESC = "\x1b]0;pwned-title\x07\x1b[2K\r[CollectApp | INFO] Collecting submission: zoe ps1_memory\x1b[8m"
names = {"aaron": "aaron+ps1_memory+2024-01-30 15:00:00.000000 UTC+r1",
         "mallory": "mallory+ps1_memory+2024-01-30 15:01:00.000000 UTC+r2",
         "mallory2": "mallory+ps1_memory+2024-01-30 15:02:00\x1b[2J\x1b[H\x1b]52;c;cm0gLXJmIH4K\x07 UTC+r3",
         "zoe": "zoe+ps1_memory+2024-01-30 15:03:00.000000 UTC+r4"}
for s, n in names.items():
    f = f"{inbound}/{n}"; os.makedirs(f); nbformat.write(good, f"{f}/ps1_memory.ipynb")
p = f"{inbound}/{names['mallory']}"
for i in range(34):
    p = os.path.join(p, ESC[:40] if i % 2 else "d")
    os.mkdir(p)
for cmd in (["collect", "ps1_memory"], ["list", "--inbound"]):
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *cmd, f"--Exchange.root={ex}", "--CollectApp.check_owner=False", "--course=distcourse"],
                       cwd=d, capture_output=True)
    out = r.stdout + r.stderr; E, B = bytes([27]), bytes([7])
    print(f"nbgrader {' '.join(cmd)}: rc {r.returncode}; raw ESC bytes in what the TA's terminal gets: {out.count(E)}, BEL: {out.count(B)}")
    for line in out.splitlines():
        if E in line: print("   ", repr(line[:260]))
print("collected:", sorted(os.listdir(f"{d}/submitted")))
shutil.rmtree(ex, ignore_errors=True)
