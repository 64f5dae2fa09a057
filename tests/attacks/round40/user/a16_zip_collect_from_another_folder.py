"""a16: a15's cause for round 39's zip_collect refusal: the TA runs `nbgrader zip_collect ps1_memory` (1) in the course
folder, (2) from her home with `--CourseDirectory.root=<course>`. An upload named for aaron (nbgrader's default
regular expression takes the student id from the file name) is in downloaded/ps1_memory/archive/; aaron's real
collected hand-in is in submitted/. Is (2) refused, and does the upload replace aaron's notebook?"""
import os, sys, zipfile, hashlib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
d = make_course("a16")
hand_in(d, "aaron40u", A, honest(A)); hand_in(d, "zoe40u", A, honest(A))
arch = f"{d}/downloaded/{A}/archive"; os.makedirs(arch)
with zipfile.ZipFile(f"{arch}/upload.zip", "w") as z:  # mallory's upload, named for aaron
    z.writestr(f"aaron40u_{A}.ipynb", nbformat.writes(release_nb(A)))
other = "/tmp/attack40-user-a16-tahome"; os.makedirs(other, exist_ok=True)
chown(d); chown(other)
def h(): return hashlib.sha256(open(f"{d}/submitted/aaron40u/{A}/{A}.ipynb", "rb").read()).hexdigest()[:16]
before = h()
for cwd, extra in ((d, []), (other, [f"--CourseDirectory.root={d}"])):
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "zip_collect", A, "--force", *extra,
                        r"--FileNameCollectorPlugin.named_regexp=^(?P<student_id>[a-z0-9]+)_(?P<file_id>.*)$"],
                       cwd=cwd, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=other), capture_output=True, text=True, timeout=300)
    out = (r.stdout + r.stderr)
    print(f"zip_collect from {cwd}: rc {r.returncode}; refused: {'not used in this course' in out};",
          [l[:160] for l in out.splitlines() if "ERROR" in l or "Extract" in l or "Collect" in l or "not used" in l][:5])
print("aaron's notebook in submitted/: before", before, "after", h(), "(the release notebook, unanswered)" if h() != before else "(unchanged)")
shutil.rmtree(other, ignore_errors=True)
