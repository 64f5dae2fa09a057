"""a06: a05 on collect, which has no CPU cap: SafeCollect copies a plain `timestamp.txt` of the student's inbound
folder into submitted/ (only a link of that name is left out). At the next collect with --update (Formgrader's
Collect button always updates; a TA re-collects for late hand-ins), nbgrader's copy_files calls
get_existing_timestamp() on each already-collected folder before anything else of that student, parsing hers
with dateutil: 1 MB of '1.' (98 s here alone). SafeCollect's wrapper catches exceptions, not time. aaron39u and
zoe39u honest; timings against the same two collects without her file."""
from lib import *
A = "ps1_memory"; SIZE = int(os.environ.get("SIZE", "1000000"))
add_accounts()
try:
    for run in ("control", "mallory"):
        d = make_course("a06")
        X, inbound = make_exchange("a06")
        chown(d); os.chmod(d, 0o700)
        honest_inbound(inbound, A)
        tmp = "/tmp/attack39-user-a06-m.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        ts = "1." * (SIZE // 2) if run == "mallory" else "2026-11-29 11:00:00.000000 UTC"
        open("/tmp/attack39-user-a06-ts", "w").write(ts); os.chmod("/tmp/attack39-user-a06-ts", 0o644)
        as_student(2392, f"""
import os, shutil
p = '{inbound}/mallory39u+{A}+2026-11-29 11:00:00.000000 UTC+r'; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb'); shutil.copy('/tmp/attack39-user-a06-ts', p + '/timestamp.txt')
""")
        collect(d, X, A)
        # a late hand-in of zoe's arrives; the TA collects again, updating
        as_student(2393, f"""
import os, shutil
p = '{inbound}/zoe39u+{A}+2026-11-29 12:00:00.000000 UTC+late'; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb')
""")
        t = time.time()
        r = collect(d, X, A, timeout=3000, extra=("--update",))
        print(f"[{run}] second collect (--update): {time.time()-t:.1f}s")
        print("\n".join(l[:200] for l in (r.stdout + r.stderr).splitlines() if "Updating" in l or "No newer" in l or "mallory" in l)[:2000])
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
finally:
    for f in ("/tmp/attack39-user-a06-m.ipynb", "/tmp/attack39-user-a06-ts"):
        if os.path.exists(f): os.unlink(f)
    del_accounts()
