"""a21: a03's 100,000 names against the TA's other inbound tool: `nbgrader list --inbound` (the TA's view of who
handed in; nbgrader's ExchangeList parses every entry's name). Control: the same exchange before mallory's names."""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; N = 100000
add_accounts()
try:
    d = make_course("a21"); X, inbound = make_exchange("a21"); os.chmod(inbound, 0o2733)
    tmp = "/tmp/attack40-user-a21.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
    ts = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.%f UTC")
    for uid, s in ((2401, "aaron40u"), (2402, "mallory40u"), (2403, "zoe40u")):
        as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Q'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
    os.unlink(tmp); chown(d)
    def lst():
        t = time.time()
        r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "list", "--inbound",
                            f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"),
                           capture_output=True, text=True, timeout=1200)
        out = r.stdout + r.stderr
        return time.time() - t, r.returncode, len(out), out.count("\n")
    print("control: %.1fs rc %d, %d bytes, %d lines" % lst())
    as_student(2402, f"""
import os
ib = {inbound!r}; bad = ' '.join(['1'] * 100)
for i in range({N}):
    if i % 60000 == 0:
        f = ib + f'/m-anchor{{i}}'; open(f, 'w').close()
    os.link(f, ib + f'/mallory40u+{A}+{{bad}}+{{i}}')
""")
    print("with 100,000 names: %.1fs rc %d, %d bytes, %d lines" % lst())
    # what the TA's terminal gets: one name of hers with terminal control sequences
    as_student(2402, f"import os; p = {inbound!r} + '/mallory40u+{A}+\\x1b[2J\\x1b[H\\x1b]0;pwned\\x07FAKE: all graded+x'; open(p, 'w').close()")
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "list", "--inbound",
                        f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"), capture_output=True, text=True)
    out = r.stdout + r.stderr
    print("sample lines:", [l[:160] for l in out.splitlines()[:2]])
    esc = [l for l in out.splitlines() if "\x1b" in l]
    print("lines carrying a raw ESC to the TA's terminal:", len(esc), [repr(l[:160]) for l in esc[:2]])
    shutil.rmtree(X, ignore_errors=True)
finally:
    del_accounts()
