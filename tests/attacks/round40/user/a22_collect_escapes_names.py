"""a22: a21's ESC name against `nbgrader collect` (SafeCollect's own log lines) and Formgrader-less CLI output: does
any raw ESC reach the TA's terminal? Names: a folder of hers named `mallory40u+ps1_memory+<ESC...>+x` (time does not
parse), and `mallory40u+ps1_memory+<a valid time>+\\x1b]0;pwned\\x07` (valid, collected)."""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"
add_accounts()
try:
    d = make_course("a22"); X, inbound = make_exchange("a22"); os.chmod(inbound, 0o2733)
    tmp = "/tmp/attack40-user-a22.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    ts = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    for uid, s in ((2401, "aaron40u"), (2403, "zoe40u")):
        as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Q'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
    as_student(2402, f"import os,shutil; os.umask(0o022)\nfor p in ({inbound!r} + '/mallory40u+{A}+\\x1b[2J\\x1b[HFAKE+x', {inbound!r} + '/mallory40u+{A}+{ts}+\\x1b]0;pwned\\x07'):\n    os.mkdir(p); shutil.copy({tmp!r}, p + '/{A}.ipynb')")
    os.unlink(tmp); chown(d)
    r = collect(d, X, A)
    out = r.stdout + r.stderr
    print("raw ESC lines:", [repr(l[:160]) for l in out.splitlines() if "\x1b" in l], "collected", sorted(os.listdir(d + "/submitted")))
    print("escaped form seen:", [l[:160] for l in out.splitlines() if "\\x1b" in l][:2])
    shutil.rmtree(X, ignore_errors=True)
finally:
    del_accounts()
