"""a20: a02 with a due date and `nbgrader collect --before-duedate` (nbgrader then picks each student's newest folder
before the due date, else the newest): mallory has an honest folder before the due date and the 9999 folder. Does
the collection of the class survive (the 9999 folder is not picked), and without --before-duedate (a02) not?"""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
add_accounts()
try:
    for extra in (("--before-duedate",), ()):
        d = make_course("a20"); X, inbound = make_exchange("a20"); os.chmod(inbound, 0o2733)
        tmp = "/tmp/attack40-user-a20.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        now = datetime.datetime.utcnow(); ts = now.strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        for uid, s, t in ((2401, "aaron40u", ts), (2402, "mallory40u", ts), (2402, "mallory40u", "9999-12-31 23:59:59.999999 UTC"), (2403, "zoe40u", ts), (2404, "bob40u", ts)):
            as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{t}+Q{t[:4]}'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        os.unlink(tmp)
        chown(d)
        # the TA gives the assignment a due date (an hour from now) in the gradebook
        subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "db", "assignment", "add", A,
                        f"--duedate={(now + datetime.timedelta(hours=1)).strftime('%Y-%m-%d %H:%M:%S')} UTC"], cwd=d,
                       env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
        r = collect(d, X, A, extra=extra)
        print(f"collect {' '.join(extra) or '(plain)'}: rc {r.returncode}, collected {sorted(os.listdir(d + '/submitted'))}",
              "OverflowError" if "OverflowError" in r.stdout + r.stderr else "")
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
finally:
    del_accounts()
