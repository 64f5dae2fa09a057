"""A05: round 47's fix takes others' permissions off gradebook.db at the start and end of each run (chmod), but a
descriptor opened while it was readable keeps reading: nbgrader collect creates gradebook.db 0644 (TA umask 022) and
the first grading run leaves it so until its end (a01-a03). eve48 opens it once in that window and keeps the
descriptor; the TA then makes it private and grades again (a regrade with a changed hand-in). Does eve still read
every grade through her descriptor, now and after later runs? SQLite writes its pages in place (rollback journal)."""
import os, subprocess, sys, time, sqlite3
sys.path.insert(0, os.path.dirname(__file__))
from harness import *

d = course("a05")
os.chmod(d, 0o755)
for c in ("aaron", "mallory", "zoe"):
    hand_in(d, c, "ps1_memory", nb_for("ps1_memory"))
hold = r'''
import os, sys, time, shutil, sqlite3
p, out = sys.argv[1], sys.argv[2]
while True:
    try:
        fd = os.open(p, os.O_RDONLY); break
    except OSError:
        time.sleep(0.05)
print("eve holds fd", fd, "mode then", oct(os.fstat(fd).st_mode & 0o777), flush=True)
while not os.path.exists(out + ".go"):
    time.sleep(0.2)
print("mode now", oct(os.stat(p).st_mode & 0o777) if os.access(p, os.F_OK) else "?", "; open by path:", end=" ")
try:
    open(p, "rb"); print("ok")
except OSError as e:
    print(e.strerror)
data = b""
os.lseek(fd, 0, 0)
while True:
    b = os.read(fd, 1 << 20)
    if not b: break
    data += b
open(out, "wb").write(data)
db = sqlite3.connect(out)
print("eve's copy through the held descriptor:", db.execute(
    "select student.id, sum(grade.auto_score) from grade join submitted_notebook on grade.notebook_id=submitted_notebook.id "
    "join submitted_assignment on submitted_notebook.assignment_id=submitted_assignment.id join student on "
    "submitted_assignment.student_id=student.id group by student.id").fetchall(), flush=True)
'''
open("/tmp/eve48-hold.py", "w").write(hold)
subprocess.run(["rm", "-f", "/tmp/eve48-gb", "/tmp/eve48-gb.go"])
w = subprocess.Popen(["setpriv", "--reuid", "2481", "--regid", "2481", "--clear-groups", sys.executable, "/tmp/eve48-hold.py", f"{d}/gradebook.db", "/tmp/eve48-gb"],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
grade(d, "ps1_memory", quiet=True); scores(d, "ps1_memory")
# the TA: a second run; mallory's hand-in changed to a blank one (the release) so that her grade changes
hand_in(d, "mallory", "ps1_memory", nbformat.read(f"{CLONE}/release/ps1_memory/ps1_memory.ipynb", 4))
grade(d, "ps1_memory", ("--regrade",), quiet=True); scores(d, "ps1_memory")
print("TA's modes:", oct(os.stat(f"{d}/gradebook.db").st_mode & 0o777))
open("/tmp/eve48-gb.go", "w").close()
print(w.communicate(timeout=60)[0])
