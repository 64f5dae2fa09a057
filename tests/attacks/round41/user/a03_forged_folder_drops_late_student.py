"""a03: `nbgrader collect --before-duedate` picks, for each student, the newest folder whose timestamp <= the due date,
else the newest. SafeCollect gives every REFUSED folder timestamp datetime.min and keeps it in the student's group
(filtered out only after the pick), so a refused folder is always 'before the due date'. mallory makes a folder (or
file) named `aaron41u+ps1_memory+<time>+x`, owned by her (refused: owner), in the inbound folder every student writes.
aaron (and zoe, control) handed in only after the due date. Expect: aaron collected late without the forgery; with it?"""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
add_accounts()
try:
    for forged, extra in ((False, ("--before-duedate",)), (True, ("--before-duedate",)), (True, ())):
        d = make_course("a03"); X, inbound = make_exchange("a03"); os.chmod(inbound, 0o2733)
        tmp = "/tmp/attack41-user-a03.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        now = datetime.datetime.utcnow(); ts = now.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        for uid, s in ((2411, "aaron41u"), (2412, "mallory41u"), (2413, "zoe41u")):
            as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Rr{uid}'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        if forged:
            as_student(2412, f"import os; os.umask(0o022); os.mkdir('{inbound}/aaron41u+{A}+2020-01-01 00:00:00.000000 UTC+forged')")
        os.unlink(tmp)
        chown(d)
        due = (now - datetime.timedelta(hours=1)).strftime('%Y-%m-%d %H:%M:%S')
        r0 = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "db", "assignment", "add", A,
                        f"--duedate={due} UTC"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
        r = collect(d, X, A, extra=extra)
        print("\n".join(l[:250] for l in (r.stdout + r.stderr).splitlines() if "aaron" in l))
        got = sorted(os.listdir(d + '/submitted')) if os.path.isdir(d + '/submitted') else []
        print(f"== due {due} UTC (hand-ins at {ts}); forged folder in aaron's name: {forged}; collect {' '.join(extra) or '(plain)'}: rc {r.returncode}, collected {got}")
        if got:  # the due-date gradebook (made by `nbgrader db assignment add`, no generate_assignment) fails autograde: grade with a fresh one
            os.unlink(d + '/gradebook.db'); grade(d, A); scores(d)
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
finally:
    del_accounts()
