"""a26 (new code): other spellings of a hand-in's path for the Validate guard (realpath-based), from the course folder
where the guard is installed: through /proc/self/cwd, through a link the TA made in /tmp, and as a relative path with
`..`. Reuses a18's course (run a18 first); mallory's code writes /tmp/attack38-user-a18-PWNED if it runs."""
from lib import *
d = "/tmp/attack38-user-a18"; A = "ps1_memory"
P = "/tmp/attack38-user-a18-PWNED"
link = "/tmp/attack38-user-a26-link"
if os.path.lexists(link): os.remove(link)
os.symlink(f"{d}/submitted/mallory", link)
for path in (f"/proc/self/cwd/submitted/mallory/{A}/{A}.ipynb", f"{link}/{A}/{A}.ipynb", f"release/../submitted/mallory/{A}/{A}.ipynb"):
    if os.path.exists(P): os.remove(P)
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "validate", path],
                       cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True, timeout=300)
    print(path, "rc", r.returncode, "ran:", os.path.exists(P))
os.remove(link)
