"""a03b: a03's memory: peak RSS of the TA's `nbgrader collect` (GNU time) with N hard-linked names in inbound, against
the control (no names). Extrapolates what the same costs inside the TA's Jupyter server (Collect button)."""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; N = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
add_accounts()
try:
    for tag, n in (("a03bc", 0), ("a03b", N)):
        d = make_course(tag); X, inbound = make_exchange(tag); os.chmod(inbound, 0o2733)
        ts = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        tmp = f"/tmp/attack40-user-{tag}.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        for uid, s in ((2401, "aaron40u"), (2402, "mallory40u"), (2403, "zoe40u")):
            as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Q{s}'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        os.unlink(tmp)
        as_student(2402, f"""
import os
ib = {inbound!r}; bad = ' '.join(['1'] * 100)
for i in range({n}):
    if i % 60000 == 0:
        f = ib + f'/m-anchor{{i}}'; open(f, 'w').close()
    os.link(f, ib + f'/mallory40u+{A}+{{bad}}+{{i}}')
""")
        chown(d)
        t = time.time()
        r = subprocess.run(["/usr/bin/time", "-f", "TIME %e s elapsed, %U s user, peak RSS %M kB",
                            "setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", CLONE + "/.venv/bin/nbgrader", "collect", A,
                            f"--Exchange.root={X}"], cwd=d, env=dict(ENV, PATH=CLONE + "/.venv/bin:" + ENV["PATH"], HOME="/tmp"),
                           capture_output=True, text=True, timeout=3000)
        print(f"N={n}:", [l for l in (r.stdout + r.stderr).splitlines() if l.startswith("TIME")], "collected", sorted(os.listdir(d + "/submitted")))
        shutil.rmtree(X, ignore_errors=True); shutil.rmtree(d, ignore_errors=True)
finally:
    del_accounts()
