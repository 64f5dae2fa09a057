"""a08: the Validate guard (grader/formgrader_guard.py) refuses by folder names: a path holding submitted/,
autograded/, .autograding/ or inbound/ anywhere, or under the course's feedback/. Other places a hand-in lies on the
TA's side: nbgrader's zip_collect (`downloaded/<a>/archive/`, `downloaded/<a>/extracted/`, for hand-ins downloaded
from an LMS), a TA's copy for a regrade request (`regrades/`), a `.zip` the TA unpacked in /tmp. The TA validates
mallory's notebook from each, in the course folder (guard installed). Her first answer cell writes a marker with the
TA's uid and canaries."""
from lib import *
A = "ps1_memory"
d = make_course("a08")
M = "/tmp/attack39-user-a08-pwned.txt"
mal = honest(A)
for c in mal.cells:
    if "nbgrader" in c.metadata and c.metadata["nbgrader"].get("solution") and c.cell_type == "code":
        c.source = ("import os\nopen(%r, 'a').write(f\"{os.getcwd()}: uid {os.getuid()} {os.environ.get('DATABASE_URL')} "
                    "{os.environ.get('AWS_SECRET_ACCESS_KEY')}\\n\")\n" % M) + c.source
        break
places = [f"{d}/submitted/mallory39u/{A}", f"{d}/downloaded/{A}/extracted", f"{d}/downloaded/{A}/archive/mallory39u",
          f"{d}/regrades/mallory39u", "/tmp/attack39-user-a08-unzipped/mallory39u"]
for p in places:
    os.makedirs(p, exist_ok=True); nbformat.write(mal, f"{p}/{A}.ipynb")
chown(d); chown("/tmp/attack39-user-a08-unzipped")
try:
    for p in places:
        if os.path.exists(M): os.unlink(M)
        r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "validate", f"{p}/{A}.ipynb"],
                           cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True, timeout=300)
        print(f"validate {os.path.relpath(p, '/tmp')}: rc {r.returncode}", (r.stdout + r.stderr).strip().splitlines()[-1][:160] if (r.stdout + r.stderr).strip() else "")
        print("   her code ran:", open(M).read().strip() if os.path.exists(M) else None)
finally:
    shutil.rmtree(d, ignore_errors=True); shutil.rmtree("/tmp/attack39-user-a08-unzipped", ignore_errors=True)
    if os.path.exists(M): os.unlink(M)
