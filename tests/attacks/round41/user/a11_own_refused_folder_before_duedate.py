"""a11 (lead of a03): the same pick with a refused folder of the student's OWN: zoe (late) also left a folder named
for the year 9999 (refused: later than tomorrow, given datetime.min). Is her real late folder collected with --before-duedate?"""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
add_accounts()
try:
    for forge, extra in (("zoe-own-9999", ("--before-duedate",)),):
        d = make_course("a11"); X, inbound = make_exchange("a11"); os.chmod(inbound, 0o2733)
        tmp = "/tmp/attack41-user-a11.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        now = datetime.datetime.utcnow(); ts = now.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        for uid, s in ((2411, "aaron41u"), (2412, "mallory41u"), (2413, "zoe41u")):
            as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Rr{uid}'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        as_student(2413, f"import os; os.umask(0o022); os.mkdir('{inbound}/zoe41u+{A}+9999-01-01 00:00:00.000000 UTC+x')")
        os.unlink(tmp); chown(d)
        due = (now - datetime.timedelta(hours=1)).strftime('%Y-%m-%d %H:%M:%S')
        subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "db", "assignment", "add", A,
                        f"--duedate={due} UTC"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
        r = collect(d, X, A, extra=extra)
        got = sorted(os.listdir(d + '/submitted')) if os.path.isdir(d + '/submitted') else []
        print(f"== forged {forge} (zoe's own); collect {' '.join(extra)}: rc {r.returncode}, collected {got}")
        if got:
            os.unlink(d + '/gradebook.db'); grade(d, A); scores(d)
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
finally:
    del_accounts()
