"""a09: nbgrader run by other ways than grader.grade: `nbgrader autograde` in the course folder from the TA's shell
(the course's nbgrader_config.py is read), with and without --force, on a hand-in that writes its uid and
environment to a proof file. Round 37's fix says it refuses any kernel but the sandbox's."""
import os, subprocess
from harness import *
PROOF = "/tmp/attack38-root-a09-proof.txt"
PAYLOAD = r'''
import os, json
open(PROOF, "a").write(json.dumps({"uid": os.getuid(), "DATABASE_URL": os.environ.get("DATABASE_URL")}) + "\n")
'''.replace("PROOF", repr(PROOF))
if __name__ == "__main__":
    if os.path.exists(PROOF): os.unlink(PROOF)
    d = make_course("a09")
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
    for args in (["autograde", "ps1_memory", "--student", "mallory", "--force"],
                 ["autograde", "ps1_memory", "--student", "mallory", "--force", "--ExecutePreprocessor.kernel_name=python3"],
                 ["autograde", "ps1_memory", "--student", "mallory", "--force", "--Execute.kernel_name=python3"]):
        r = subprocess.run([f"{CLONE}/.venv/bin/nbgrader", *args], cwd=d, env=env, capture_output=True, text=True, timeout=600)
        err = [l for l in (r.stdout + r.stderr).splitlines() if "sandbox" in l.lower() or "refus" in l.lower() or "ERROR" in l][:4]
        print(" ".join(args[3:]), "-> rc", r.returncode, err)
        print("   proof:", open(PROOF).read().strip() if os.path.exists(PROOF) else "none")
        if os.path.exists(PROOF): os.unlink(PROOF)
    scores(d)
