"""a09: a08's link, where the TA set `c.ExchangeCollect.before_duedate = True` in the course's nbgrader_config.py (what
Formgrader's Collect button reads too) and runs a plain `nbgrader collect`."""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
add_accounts()
try:
    for forge, extra in (("symlink", ()),):
        d = make_course("a09"); open(d + "/nbgrader_config.py", "a").write("\nc.ExchangeCollect.before_duedate = True\n"); X, inbound = make_exchange("a09"); os.chmod(inbound, 0o2733)
        tmp = "/tmp/attack41-user-a09.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        now = datetime.datetime.utcnow(); ts = now.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        for uid, s in ((2411, "aaron41u"), (2412, "mallory41u"), (2413, "zoe41u")):
            as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Rr{uid}'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        if forge == "symlink":
            as_student(2412, f"import os; os.symlink('/nonexistent', '{inbound}/aaron41u+{A}+2020-01-01 00:00:00.000000 UTC+l')")
        else:
            as_student(2412, f"import os; os.mkdir('{inbound}/aaron41u+{A}+not a time+x')")
        os.unlink(tmp); chown(d)
        due = (now - datetime.timedelta(hours=1)).strftime('%Y-%m-%d %H:%M:%S')
        subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "db", "assignment", "add", A,
                        f"--duedate={due} UTC"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
        r = collect(d, X, A, extra=extra)
        got = sorted(os.listdir(d + '/submitted')) if os.path.isdir(d + '/submitted') else []
        print(f"== forged {forge} in aaron's name; collect {' '.join(extra)}: rc {r.returncode}, collected {got}")
        if got:
            os.unlink(d + '/gradebook.db'); grade(d, A); scores(d)
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
finally:
    del_accounts()
