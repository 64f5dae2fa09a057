"""a14: a03's names written in ANOTHER student's id, owned by mallory: `aaron40u+ps1_memory+<...>+i`, two kinds:
50,000 whose time does not parse and one `aaron40u+ps1_memory+9999-12-31 23:59:59.999999 UTC+x` (a02's overflow time,
newest of his group). Does SafeCollect pick aaron's real folder (refused ones sort last), avoid the overflow, and how
long does the TA's `nbgrader collect --student aaron40u` (re-collecting one student) take against a control?"""
import os, sys, datetime
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
A = "ps1_memory"; N = 50000
add_accounts()
try:
    for tag, n in (("a14c", 0), ("a14", N)):
        d = make_course(tag); X, inbound = make_exchange(tag); os.chmod(inbound, 0o2733)
        tmp = f"/tmp/attack40-user-{tag}.ipynb"; nbformat.write(honest(A), tmp); os.chmod(tmp, 0o644)
        ts = datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M:%S.%f UTC")
        for uid, s in ((2401, "aaron40u"), (2402, "mallory40u"), (2403, "zoe40u")):
            as_student(uid, f"import os,shutil; os.umask(0o022); p='{inbound}/{s}+{A}+{ts}+Q{s}'; os.mkdir(p); shutil.copy('{tmp}', p+'/{A}.ipynb')")
        if n:
            as_student(2402, f"""
import os, shutil
os.umask(0o022)
ib = {inbound!r}; bad = ' '.join(['1'] * 100)
for i in range({n}):
    if i % 60000 == 0:
        f = ib + f'/m-anchor{{i}}'; open(f, 'w').close()
    os.link(f, ib + f'/aaron40u+{A}+{{bad}}+{{i}}')
p = ib + '/aaron40u+{A}+9999-12-31 23:59:59.999999 UTC+x'; os.mkdir(p); shutil.copy({tmp!r}, p + '/{A}.ipynb')
""")
        os.unlink(tmp)
        chown(d); r = collect(d, X, A, extra=("--student", "aaron40u"))
        out = r.stdout + r.stderr
        print(f"{tag}: rc {r.returncode}; collected {sorted(os.listdir(d + '/submitted')) if os.path.isdir(d + '/submitted') else []};",
              "aaron's timestamp", open(f"{d}/submitted/aaron40u/{A}/timestamp.txt").read() if os.path.exists(f"{d}/submitted/aaron40u/{A}/timestamp.txt") else None)
        print("   log lines:", [l[:200] for l in out.splitlines() if "not collected" in l or "Overflow" in l][:3])
        shutil.rmtree(d, ignore_errors=True); shutil.rmtree(X, ignore_errors=True)
finally:
    del_accounts()
